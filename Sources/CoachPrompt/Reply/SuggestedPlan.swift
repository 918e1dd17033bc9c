import CoachKit
import Foundation

/// A plan an assistant suggested, read from its reply and checked against the response schema.
public struct SuggestedPlan: Sendable, Equatable {
    /// One suggested session.
    public struct Session: Sendable, Equatable {
        public var title: String
        public var detail: String?
        public var sport: Sport
        public var durationMin: Double?
        public var tss: Double?
        public var targets: [MuscleGroup]
        public var rationale: String
    }

    /// One day and the sessions it should hold (none: a rest day).
    public struct Day: Sendable, Equatable {
        public var date: LocalDay
        public var sessions: [Session]
    }

    /// One week, named by its Monday.
    public struct Week: Sendable, Equatable {
        public var start: LocalDay
        public var title: String?
        public var days: [Day]
    }

    public var athleteRef: String
    public var exportRef: String
    public var summary: String?
    public var weeks: [Week]

    /// Every day of the reply, in date order.
    public var days: [Day] { weeks.flatMap(\.days).sorted { $0.date < $1.date } }

    /// Reads the one JSON object in `text` (alone, or with prose around it) and validates it.
    ///
    /// The references are checked for shape only; whether they fit an athlete and an export is
    /// for the caller to decide.
    ///
    /// - Throws: `PromptError.replyObjectCount` unless exactly one JSON object is in the text;
    ///   `PromptError.replyInvalid` with the path of the first problem.
    public static func parse(_ text: String) throws -> SuggestedPlan {
        let objects = ReplyExtractor.objects(in: text)
        guard objects.count == 1 else { throw PromptError.replyObjectCount(objects.count) }
        return try ReplyValidator.plan(objects[0])
    }

    /// The sessions of `day` as planned sessions marked AI-suggested (ids left for the store).
    public func plannedSessions(_ day: Day) -> [PlannedSession] {
        day.sessions.enumerated().map { i, s in
            var p = PlannedSession(id: "", date: day.date, order: i, title: s.title, origin: .ai)
            p.detail = s.detail
            p.notes = "AI rationale: " + s.rationale
            p.sport = s.sport
            p.plannedDurationS = s.durationMin.map { $0 * 60 }
            p.plannedTss = s.tss
            p.targets = s.targets
            return p
        }
    }
}
