import CoachKit

/// The plaintext of one snapshot section: the records of one kind of one athlete, in compact form.
///
/// Layout: a magic tag with the layout version, then the section: the profile as its JSON payload
/// (one per athlete, the shape that changes most often), or a count and the records of the kind.
/// A section of another layout version is treated as absent, and the snapshot is rebuilt from
/// the records.
public enum SnapshotCoding {
    static let magic: [UInt8] = Array("coach-snapshot/4".utf8)

    /// The sections, one per record kind, in a fixed order.
    public static let sections = RecordKind.allCases

    /// The section of `kind` of `d`.
    ///
    /// - Throws: `PayloadJSON`'s error when the profile does not encode.
    public static func encode(_ kind: RecordKind, of d: AthleteDataset) throws -> [UInt8] {
        var w = CompactWriter(capacity: 4096 + 64 * d.count(of: kind))
        w.raw(magic)
        func section<T: CompactCodable>(_ items: [T]) {
            w.array(items) { w, item in item.write(to: &w) }
        }
        switch kind {
        case .profile: w.raw(try PayloadJSON.encode(d.athlete))
        case .week: section(d.weeks)
        case .wellness: section(d.wellness)
        case .workout: section(d.workouts)
        case .biometric: section(d.biometrics)
        case .sleep: section(d.sleep)
        case .food: section(d.food)
        case .steps: section(d.steps)
        case .weight: section(d.weight)
        }
        return w.bytes
    }

    /// Reads one section into `d`.
    ///
    /// - Returns: false when the bytes are of another layout version (nothing is read).
    /// - Throws: `CompactReader.Malformed` when the bytes are damaged.
    public static func decode(
        _ kind: RecordKind, from bytes: [UInt8], into d: inout AthleteDataset
    ) throws -> Bool {
        var r = CompactReader(bytes)
        guard try r.raw() == magic else { return false }
        func section<T: CompactCodable>(_: T.Type) throws -> [T] {
            try r.array { try T(compact: &$0) }
        }
        switch kind {
        case .profile: d.athlete = try PayloadJSON.decode(AthleteProfile.self, from: try r.raw())
        case .week: d.weeks = try section(ProgramWeek.self)
        case .wellness: d.wellness = try section(WellnessEntry.self)
        case .workout: d.workouts = try section(Workout.self)
        case .biometric: d.biometrics = try section(BiometricSample.self)
        case .sleep: d.sleep = try section(SleepRecord.self)
        case .food: d.food = try section(FoodEntry.self)
        case .steps: d.steps = try section(StepsDay.self)
        case .weight: d.weight = try section(WeightEntry.self)
        }
        guard r.isAtEnd else { throw CompactReader.Malformed() }
        return true
    }

    /// Reads one section (a chunk) and appends its records to `d` (the profile replaces).
    ///
    /// - Returns: false when the bytes are of another layout version (nothing is read).
    /// - Throws: `CompactReader.Malformed` when the bytes are damaged.
    public static func decode(
        _ kind: RecordKind, appendingFrom bytes: [UInt8], into d: inout AthleteDataset
    )
        throws -> Bool
    {
        if kind == .profile { return try decode(kind, from: bytes, into: &d) }
        var r = CompactReader(bytes)
        guard try r.raw() == magic else { return false }
        // Straight into the dataset's arrays: no copy of a chunk's records.
        func section<T: CompactCodable>(_ out: inout [T]) throws {
            try r.append(into: &out) { try T(compact: &$0) }
        }
        switch kind {
        case .profile: break
        case .week: try section(&d.weeks)
        case .wellness: try section(&d.wellness)
        case .workout: try section(&d.workouts)
        case .biometric: try section(&d.biometrics)
        case .sleep: try section(&d.sleep)
        case .food: try section(&d.food)
        case .steps: try section(&d.steps)
        case .weight: try section(&d.weight)
        }
        guard r.isAtEnd else { throw CompactReader.Malformed() }
        return true
    }

    /// The whole dataset as its sections (tests and tools).
    public static func encode(_ d: AthleteDataset) throws -> [RecordKind: [UInt8]] {
        try Dictionary(uniqueKeysWithValues: sections.map { ($0, try encode($0, of: d)) })
    }

    /// A dataset from all its sections, or nil when one is missing or of another layout.
    ///
    /// - Throws: `CompactReader.Malformed` when a section is damaged.
    public static func decode(_ parts: [RecordKind: [UInt8]]) throws -> AthleteDataset? {
        var d = AthleteDataset(athlete: AthleteProfile(handle: "", name: ""))
        for kind in sections {
            guard let bytes = parts[kind], try decode(kind, from: bytes, into: &d) else {
                return nil
            }
        }
        return d
    }
}

extension AthleteDataset {
    /// How many records of `kind` the dataset holds (1 for the profile).
    public func count(of kind: RecordKind) -> Int {
        switch kind {
        case .profile: 1
        case .week: weeks.count
        case .wellness: wellness.count
        case .workout: workouts.count
        case .biometric: biometrics.count
        case .sleep: sleep.count
        case .food: food.count
        case .steps: steps.count
        case .weight: weight.count
        }
    }
}
