import CoachKit
import CoachStore
import Foundation

/// Where one plan command works: the athlete (opened once) and today in their zone.
public struct PlanBook {
    /// The session working.
    public let session: AppSession
    /// The athlete whose plan it is.
    public let athlete: AthleteAccess
    /// The athlete-local today.
    public let today: LocalDay

    /// The athlete's id.
    public var athleteID: AthleteID { athlete.id }
    /// The athlete's handle.
    public var handle: String { athlete.profile.handle }
    /// The athlete's time zone.
    public var zone: TimeZone { athlete.profile.zone }

    /// The Monday of the week `text` names (`current`, `next`, `previous` or a day).
    public func monday(_ text: String) throws -> LocalDay {
        try WeekSelector.monday(text, today: today)
    }

    /// The athlete's weeks, sessions and workouts, through the keys opened for the command.
    public func snapshot() throws -> PlanSnapshot {
        try session.workspace.planSnapshot(of: athlete)
    }

    /// The plan report around today.
    public func report() throws -> PlanReport { PlanReport(try snapshot(), today: today) }

    /// Opens the athletes `handles` name (lists like `b,c` allowed), each once; the book's own
    /// athlete is not opened again.
    public func athletes(_ handles: [String]) throws -> [AthleteAccess] {
        var opened: [Handle: AthleteAccess] = [athlete.handle: athlete]
        return try handles.flatMap { $0.split(separator: ",") }.map {
            let handle = Handle(String($0).trimmingCharacters(in: .whitespaces))
            if let known = opened[handle] { return known }
            let access = try session.workspace.openAthlete(handle, as: session.principal)
            opened[handle] = access
            return access
        }
    }
}

extension AppSession {
    /// Opens the athlete whose plan a command is about (an athlete user's own when nil).
    public func planBook(_ handle: Handle?) throws -> PlanBook {
        planBook(of: try athlete(handle))
    }

    /// The plan book of an athlete the command opened already.
    public func planBook(of athlete: AthleteAccess) -> PlanBook {
        PlanBook(
            session: self, athlete: athlete,
            today: LocalDay(date: now, timeZone: athlete.profile.zone))
    }
}

extension PlanBook {
    /// The sore-muscle warnings of `sessions` (`SoreMuscleWarning`), from the athlete's
    /// check-ins; reads the athlete's data only when a session targets a muscle group.
    ///
    /// - Parameter sessions: the planned sessions to check.
    /// - Returns: every warning, in the sessions' order.
    public func soreWarnings(_ sessions: [PlannedSession]) throws -> [SoreMuscleWarning] {
        guard sessions.contains(where: { !$0.targets.isEmpty }) else { return [] }
        let wellness = try session.workspace.dataset(of: athlete).wellness
        return sessions.flatMap { SoreMuscleWarning.check($0, wellness: wellness, today: today) }
    }
}
