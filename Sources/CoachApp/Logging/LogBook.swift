import CoachKit
import CoachStore
import Foundation
import SelfAssessmentPlugin

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
        try session.workspace.putLog(value, id: RecordID(id), kind: kind, day: day, for: athlete)
        let entry = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
        return LogReceipt(
            id: RecordID(id), kind: kind, day: day, athlete: athlete.handle, entry: entry)
    }

    /// Builds, validates and stores a wellness entry (mood, soreness, notes).
    ///
    /// A day may hold several wellness entries, which the metrics merge field by field in id
    /// order; the new entry gets an id that sorts after the day's others, so it is the later one
    /// and wins. When the day already had entries, the receipt says so and gives the merged day.
    /// A check-in a phone sent comes through here too, with its `origin`, so it is validated by
    /// the same calls as `log mood`.
    @discardableResult
    public func saveWellness(
        mood: Int?, doms: [String], notes: String?, origin: WellnessOrigin? = nil
    ) throws -> LogReceipt {
        let before = try session.workspace.records(of: athlete, monthsFrom: day, through: day)
            .wellness.filter { $0.day == day }
        let e = try wellnessEntry(
            mood: mood, doms: doms, notes: notes, origin: origin,
            after: before.map(\.id).max())
        var receipt = try save(e, id: e.id, kind: .wellness)
        if !before.isEmpty, let merged = DayAssessment.merge(before + [e])[day] {
            receipt.merge = WellnessMerge(
                others: before.count, mood: merged.mood,
                doms: Dictionary(
                    uniqueKeysWithValues: merged.doms.map { ($0.key.rawValue, $0.value) }))
        }
        return receipt
    }

    /// Builds and validates a wellness entry of the day without storing it: the muscle groups
    /// parsed by name or alias, then mood 1–5 and soreness 0–10 checked. `saveWellness` and
    /// the check-in ingest both build their entries here.
    ///
    /// - Parameter last: the greatest id of the day's entries, which the new id sorts after.
    /// - Throws: `CoachKitError` with `log mood`'s refusal for anything out of range.
    func wellnessEntry(
        mood: Int?, doms: [String], notes: String?, origin: WellnessOrigin?, after last: String?
    ) throws -> WellnessEntry {
        let e = WellnessEntry(
            id: Self.id(after: last, make: newID), day: day, mood: mood,
            doms: try MuscleGroup.parseLevels(doms), notes: notes, origin: origin)
        try e.validate()
        return e
    }

    /// A fresh id that sorts after `last`: fresh random ids until one does, else `last`
    /// extended by a fresh id's first characters (which sorts after it and is new).
    static func id(after last: String?, make: () -> String) -> String {
        guard let last else { return make() }
        for _ in 0..<256 {
            let id = make()
            if id > last { return id }
        }
        return last + "-" + make().prefix(8)
    }
}

/// How a new wellness entry merged with the others of its day, as the metrics read the day.
public struct WellnessMerge: Codable, Sendable, Equatable {
    /// How many entries the day held before.
    public let others: Int
    /// The day's mood after merging.
    public let mood: Int?
    /// The day's soreness per group after merging.
    public let doms: [String: Int]
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
    /// The entry as stored.
    public let entry: JSONValue
    /// For wellness on a day that already had entries: how they merged.
    public var merge: WellnessMerge?
}

extension AppSession {
    /// Opens the athlete once and resolves the day a log command writes to.
    ///
    /// - Parameters:
    ///   - handle: the athlete (nil for an athlete user's own).
    ///   - date: a day expression; days after the athlete's today are refused.
    /// - Throws: `CoachKitError.outOfRange` for a future day.
    public func logBook(_ handle: Handle?, date: String) throws -> LogBook {
        try logBook(try athlete(handle), date: date)
    }

    /// Resolves the day a log entry for an athlete already opened is written to.
    ///
    /// - Throws: `CoachKitError.outOfRange` for a future day.
    func logBook(_ athlete: AthleteAccess, date: String) throws -> LogBook {
        let today = LocalDay(date: now, timeZone: athlete.profile.zone)
        let day = try DayExpression.parse(date, today: today)
        guard day <= today else {
            throw CoachKitError.outOfRange(field: .parameter(.date), range: "today or earlier")
        }
        return LogBook(session: self, athlete: athlete, day: day)
    }
}
