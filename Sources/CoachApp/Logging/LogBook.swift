import CoachKit
import CoachStore
import Foundation

/// Where one log command writes: the athlete (opened once), the chosen day and the clock.
public struct LogBook {
    /// The session writing.
    public let session: AppSession
    /// The athlete logged for.
    public let athlete: AthleteAccess
    /// The athlete-local day the entry belongs to.
    public let day: LocalDay

    /// The athlete's profile as opened for this command.
    public var profile: AthleteProfile { athlete.profile }

    /// "Now" when logging for today, else noon of the chosen day, in the athlete's zone.
    public var instant: Instant {
        let zone = profile.zone
        let now = Date(timeIntervalSince1970: session.now.timeIntervalSince1970.rounded(.down))
        if day == LocalDay(date: now, timeZone: zone) { return Instant(date: now, timeZone: zone) }
        return Instant(date: day.instant(secondsSinceMidnight: 12 * 3600, in: zone), timeZone: zone)
    }

    /// Parses `HH:MM` on the chosen day, or `DAY HH:MM`, as athlete-local wall time.
    public func instant(parsing text: String) throws -> Instant {
        try WallTime.parse(
            text, on: day, today: LocalDay(date: session.now, timeZone: profile.zone),
            zone: profile.zone)
    }

    /// A fresh id for a new entry.
    public func newID() -> String { session.environment.newID() }

    /// Stores an already validated entry.
    ///
    /// - Returns: what was stored, for the front end to confirm.
    @discardableResult
    public func save<T: Encodable>(_ value: T, id: String, kind: RecordKind) throws -> LogReceipt {
        try session.workspace.putLog(
            value, id: id, kind: kind, day: day, for: athlete, as: session.principal)
        return LogReceipt(id: RecordID(id), kind: kind, day: day, athlete: athlete.handle)
    }

    /// Builds, validates and stores a wellness entry (mood, soreness, notes).
    @discardableResult
    public func saveWellness(mood: Int?, doms: [String], notes: String?) throws -> LogReceipt {
        let e = WellnessEntry(
            id: newID(), day: day, mood: mood, doms: try MuscleGroup.parseLevels(doms),
            notes: notes)
        try e.validate()
        return try save(e, id: e.id, kind: .wellness)
    }
}

/// What a log command stored.
public struct LogReceipt: Codable, Sendable, Equatable {
    /// The new entry's id.
    public let id: RecordID
    /// Its kind.
    public let kind: RecordKind
    /// The day it belongs to.
    public let day: LocalDay
    /// The athlete it belongs to.
    public let athlete: Handle
}

extension AppSession {
    /// Opens the athlete once and resolves the day a log command writes to.
    ///
    /// - Parameters:
    ///   - handle: the athlete (nil for an athlete user's own).
    ///   - date: a day expression; days after the athlete's today are refused.
    /// - Throws: `CoachKitError.outOfRange` for a future day.
    public func logBook(_ handle: Handle?, date: String) throws -> LogBook {
        let athlete = try athlete(handle)
        let today = LocalDay(date: now, timeZone: athlete.profile.zone)
        let day = try DayExpression.parse(date, today: today)
        guard day <= today else {
            throw CoachKitError.outOfRange(field: .parameter(.date), range: "today or earlier")
        }
        return LogBook(session: self, athlete: athlete, day: day)
    }
}
