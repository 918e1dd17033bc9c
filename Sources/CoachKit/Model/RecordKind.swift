import Foundation

/// The kinds of encrypted record a workspace stores per athlete.
///
/// The raw value is the plaintext `kind` column and part of every record's associated data.
public enum RecordKind: String, Codable, Sendable, CaseIterable {
    case profile, week, wellness, workout, biometric, sleep, food, steps, weight
}

/// The whole of one athlete's data, in the interchange format (`coach/1`).
public struct AthleteDataset: Codable, Sendable, Equatable {
    public static let formatTag = "coach/1"
    public var format: String
    public var athlete: AthleteProfile
    public var weeks: [ProgramWeek]
    public var wellness: [WellnessEntry]
    public var workouts: [Workout]
    public var biometrics: [BiometricSample]
    public var sleep: [SleepRecord]
    public var food: [FoodEntry]
    public var steps: [StepsDay]
    public var weight: [WeightEntry]
    /// The keys the athlete section of a decoded file holds (`nil` when the dataset was built
    /// in code): an import changes only these fields of an existing profile.
    public var athleteKeys: Set<String>?

    public init(athlete: AthleteProfile) {
        format = Self.formatTag
        self.athlete = athlete
        weeks = []; wellness = []; workouts = []; biometrics = []; sleep = []; food = [];
        steps = []; weight = []
    }

    enum CodingKeys: String, CodingKey {
        case format, athlete, weeks, wellness, workouts, biometrics, sleep, food, steps, weight
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        format = try c.decode(String.self, forKey: .format)
        athlete = try c.decode(AthleteProfile.self, forKey: .athlete)
        athleteKeys = Set(
            try c.nestedContainer(keyedBy: AthleteProfile.AnyKey.self, forKey: .athlete)
                .allKeys.map(\.stringValue))
        weeks = try c.decodeIfPresent([ProgramWeek].self, forKey: .weeks) ?? []
        wellness = try c.decodeIfPresent([WellnessEntry].self, forKey: .wellness) ?? []
        workouts = try c.decodeIfPresent([Workout].self, forKey: .workouts) ?? []
        biometrics = try c.decodeIfPresent([BiometricSample].self, forKey: .biometrics) ?? []
        sleep = try c.decodeIfPresent([SleepRecord].self, forKey: .sleep) ?? []
        food = try c.decodeIfPresent([FoodEntry].self, forKey: .food) ?? []
        steps = try c.decodeIfPresent([StepsDay].self, forKey: .steps) ?? []
        weight = try c.decodeIfPresent([WeightEntry].self, forKey: .weight) ?? []
    }

    /// Two datasets are equal when their data is (which keys a file held does not count).
    public static func == (a: AthleteDataset, b: AthleteDataset) -> Bool {
        a.format == b.format && a.athlete == b.athlete && a.weeks == b.weeks
            && a.wellness == b.wellness && a.workouts == b.workouts
            && a.biometrics == b.biometrics && a.sleep == b.sleep && a.food == b.food
            && a.steps == b.steps && a.weight == b.weight
    }
}
