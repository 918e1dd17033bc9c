import Foundation

/// The JSON form of an input, as a plugin's `evaluate` call carries it.
///
/// `{day, timeZone, now, athlete, inputs: {kind: [records]}}`; records use the interchange format
/// (`coach/1`) shapes and only non-empty kinds are written.
extension MetricInput: Codable {
    enum CodingKeys: String, CodingKey { case day, timeZone, now, athlete, inputs }

    struct KindKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ kind: InputKind) { stringValue = kind.rawValue }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let day = try c.decode(LocalDay.self, forKey: .day)
        let timeZone = try c.decodeIfPresent(String.self, forKey: .timeZone) ?? "UTC"
        let now = try c.decodeIfPresent(Instant.self, forKey: .now)?.date
        let athlete =
            try c.decodeIfPresent(AthleteContext.self, forKey: .athlete) ?? AthleteContext()
        self.init(day: day, timeZone: timeZone, now: now, athlete: athlete)
        guard c.contains(.inputs) else { return }
        let k = try c.nestedContainer(keyedBy: KindKey.self, forKey: .inputs)
        func list<T: Decodable>(_ kind: InputKind, _ type: T.Type) throws -> [T] {
            try k.decodeIfPresent([T].self, forKey: KindKey(kind)) ?? []
        }
        workouts = try list(.workouts, Workout.self)
        wellness = try list(.wellness, WellnessEntry.self)
        biometrics = try list(.biometrics, BiometricSample.self)
        sleep = try list(.sleep, SleepRecord.self)
        food = try list(.food, FoodEntry.self)
        steps = try list(.steps, StepsDay.self)
        weight = try list(.weight, WeightEntry.self)
        plan = try list(.plan, PlannedSession.self)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(day, forKey: .day)
        try c.encode(timeZone, forKey: .timeZone)
        try c.encode(Instant(date: now, timeZone: zone), forKey: .now)
        try c.encode(athlete, forKey: .athlete)
        var k = c.nestedContainer(keyedBy: KindKey.self, forKey: .inputs)
        func put<T: Encodable>(_ kind: InputKind, _ items: [T]) throws {
            if !items.isEmpty { try k.encode(items, forKey: KindKey(kind)) }
        }
        try put(.workouts, workouts)
        try put(.wellness, wellness)
        try put(.biometrics, biometrics)
        try put(.sleep, sleep)
        try put(.food, food)
        try put(.steps, steps)
        try put(.weight, weight)
        try put(.plan, plan)
    }
}
