import Foundation

/// The fields a `coach log edit` changes in one log entry, as the user typed them.
///
/// Every property is optional; only the ones given are applied, the rest of the entry stays as
/// it was. Values keep their typed form (`61.4kg`, `1h30m`, `07:00`) and are parsed in the
/// athlete's units and time zone when applied (see `LogPatch+Apply.swift`). Which options an
/// entry accepts depends on its kind: `options(for:)`.
public struct LogPatch: Sendable, Equatable {
    // Wellness.
    public var mood: Int?
    public var doms: [String] = []
    public var notes: String?
    /// Moves the entry to another day (same wall-clock time for timed entries).
    public var date: String?
    // Workout.
    public var sport: String?
    public var duration: String?
    public var rpe: Int?
    public var tss: Double?
    public var np: Double?
    public var avgPower: Double?
    public var avgHr: Double?
    public var maxHr: Double?
    public var distance: String?
    public var kcal: Double?
    public var start: String?
    public var title: String?
    // Biometric sample (one value of one type) and sleep.
    public var value: Double?
    public var hrv: Double?
    public var restHr: Double?
    public var respRate: Double?
    public var spo2: Double?
    public var wristTemp: Double?
    public var hrr: Double?
    public var sleep: String?
    // Food.
    public var protein: Double?
    public var carbs: Double?
    public var fat: Double?
    public var meal: String?
    public var note: String?
    public var time: String?
    // Steps and weight.
    public var steps: Int?
    public var activeKcal: Double?
    public var weight: String?
    public var bodyFat: String?
    /// Whether a duration (`duration`, `sleep`) longer than its activity plausibly lasts was
    /// confirmed; not an input of its own.
    public var longDurationConfirmed = false

    public init() {}

    /// The inputs that were given, in a fixed order.
    public var givenOptions: [Parameter] {
        let all: [(Parameter, Bool)] = [
            (.mood, mood != nil), (.doms, !doms.isEmpty), (.notes, notes != nil),
            (.date, date != nil), (.sport, sport != nil), (.duration, duration != nil),
            (.rpe, rpe != nil), (.tss, tss != nil), (.np, np != nil), (.avgPower, avgPower != nil),
            (.avgHr, avgHr != nil), (.maxHr, maxHr != nil), (.distance, distance != nil),
            (.kcal, kcal != nil), (.start, start != nil), (.title, title != nil),
            (.value, value != nil), (.hrv, hrv != nil), (.restHr, restHr != nil),
            (.respRate, respRate != nil), (.spo2, spo2 != nil), (.wristTemp, wristTemp != nil),
            (.hrr, hrr != nil), (.sleep, sleep != nil), (.protein, protein != nil),
            (.carbs, carbs != nil), (.fat, fat != nil), (.meal, meal != nil), (.note, note != nil),
            (.time, time != nil), (.steps, steps != nil), (.activeKcal, activeKcal != nil),
            (.weight, weight != nil), (.bodyFat, bodyFat != nil),
        ]
        return all.filter(\.1).map(\.0)
    }

    /// The inputs that apply to entries of `kind` (none for profiles and weeks: not logs);
    /// `notes` and `note` are the same input for wellness and food entries.
    public static func options(for kind: RecordKind) -> [Parameter] {
        switch kind {
        case .wellness: [.mood, .doms, .notes, .note, .date]
        case .workout:
            [
                .sport, .duration, .rpe, .tss, .np, .avgPower, .avgHr, .maxHr,
                .distance, .kcal, .start, .title, .date,
            ]
        case .biometric: [.value, .hrv, .restHr, .respRate, .spo2, .wristTemp, .hrr, .time, .date]
        case .sleep: [.sleep, .date]
        case .food: [.kcal, .protein, .carbs, .fat, .meal, .note, .notes, .time, .date]
        case .steps: [.steps, .distance, .activeKcal]
        case .weight: [.weight, .bodyFat, .time, .date]
        case .profile, .week: []
        }
    }

    /// Checks that at least one option was given and that all of them apply to `kind`.
    ///
    /// - Parameter entry: how the entry is named in messages, e.g. "a food entry".
    /// - Throws: `CoachKitError.nothingToChange` or `.optionNotApplicable` (both usage errors).
    public func check(kind: RecordKind, entry: String) throws {
        let valid = Self.options(for: kind)
        let given = givenOptions
        guard !given.isEmpty else {
            throw CoachKitError.nothingToChange(entry: entry, valid: valid)
        }
        if let stray = given.first(where: { !valid.contains($0) }) {
            throw CoachKitError.optionNotApplicable(option: stray, entry: entry, valid: valid)
        }
    }
}

/// What applying a patch needs to know about the athlete and the current day.
public struct LogPatchContext: Sendable {
    public let units: UnitSystem
    public let zone: TimeZone
    /// The current day in `zone`; entries may not be moved after it.
    public let today: LocalDay

    public init(units: UnitSystem, zone: TimeZone, today: LocalDay) {
        self.units = units; self.zone = zone; self.today = today
    }
}
