import CoachKit

/// The plaintext of a snapshot: one athlete's whole dataset in compact binary form.
///
/// Layout: a magic tag with the layout version, the profile as its JSON payload (profiles are
/// one per athlete and change shape most often), then each section as a count and its records.
/// A snapshot of another layout version is treated as absent and rebuilt from the records.
enum SnapshotCoding {
    static let magic: [UInt8] = Array("coach-snapshot/2".utf8)

    static func encode(_ d: AthleteDataset) throws -> [UInt8] {
        var w = CompactWriter(capacity: 64 * (d.wellness.count + d.biometrics.count + d.food.count + d.steps.count)
                                        + 160 * (d.workouts.count + d.sleep.count) + 4096)
        w.raw(magic)
        w.raw(try JSONCoding.encode(d.athlete))
        func section<T: CompactCodable>(_ items: [T]) { w.array(items) { w, item in item.write(to: &w) } }
        section(d.weeks); section(d.wellness); section(d.workouts); section(d.biometrics)
        section(d.sleep); section(d.food); section(d.steps); section(d.weight)
        return w.bytes
    }

    /// - Returns: the dataset, or nil when the bytes are of another layout version.
    /// - Throws: `CompactReader.Malformed` (or a JSON error) when the bytes are damaged.
    static func decode(_ bytes: [UInt8]) throws -> AthleteDataset? {
        var r = CompactReader(bytes)
        guard try r.raw() == magic else { return nil }
        var d = AthleteDataset(athlete: try JSONCoding.decode(AthleteProfile.self, from: try r.raw()))
        func section<T: CompactCodable>(_: T.Type) throws -> [T] { try r.array { try T(compact: &$0) } }
        d.weeks = try section(ProgramWeek.self)
        d.wellness = try section(WellnessEntry.self)
        d.workouts = try section(Workout.self)
        d.biometrics = try section(BiometricSample.self)
        d.sleep = try section(SleepRecord.self)
        d.food = try section(FoodEntry.self)
        d.steps = try section(StepsDay.self)
        d.weight = try section(WeightEntry.self)
        guard r.isAtEnd else { throw CompactReader.Malformed() }
        return d
    }
}
