import Foundation

/// The changes `plan session edit` asks for; `nil` leaves a field as it is.
public struct SessionPatch: Sendable, Equatable {
    public var title: String?
    public var detail: String?
    public var notes: String?
    public var sport: Sport?
    public var plannedDurationS: Double?
    public var plannedTss: Double?
    public var targets: [MuscleGroup]?
    public var linkedWorkout: String?
    public var unlinkWorkout = false
    public var adherencePct: Double?
    public var clearAdherence = false
    public var time: String?
    public var order: Int?

    public init() {}

    /// Whether the patch changes nothing.
    public var isEmpty: Bool { self == SessionPatch() }

    /// Whether the patch only records or clears adherence (all an athlete user may do).
    public var onlyAdherence: Bool {
        var rest = self
        rest.adherencePct = nil; rest.clearAdherence = false
        return rest.isEmpty && !isEmpty
    }

    /// The session with the patch applied and validated.
    ///
    /// - Throws: `CoachKitError.outOfRange` when a value breaks `PlanRules`.
    public func applied(to session: PlannedSession) throws -> PlannedSession {
        var s = session
        if let title { s.title = title }
        if let detail { s.detail = detail.isEmpty ? nil : detail }
        if let notes { s.notes = notes.isEmpty ? nil : notes }
        if let sport { s.sport = sport }
        if let plannedDurationS { s.plannedDurationS = plannedDurationS }
        if let plannedTss { s.plannedTss = plannedTss }
        if let targets { s.targets = targets }
        if unlinkWorkout { s.linkedWorkout = nil }
        if let linkedWorkout { s.linkedWorkout = linkedWorkout }
        if clearAdherence { s.adherencePct = nil }
        if let adherencePct { s.adherencePct = adherencePct }
        if let time { s.time = time.isEmpty ? nil : time }
        if let order { s.order = order }
        try PlanRules.validate(s)
        return s
    }
}
