import CoachKit

/// Where one chunk sits: its section (record kind) and period.
public struct ChunkKey: Hashable, Comparable, Sendable {
    /// The record kind of the chunk's records.
    public var section: RecordKind
    /// The chunk's period (`SnapshotPeriod`).
    public var period: Int

    /// Creates a key.
    public init(section: RecordKind, period: Int) {
        self.section = section
        self.period = period
    }

    /// A section's place in `RecordKind.allCases` (a switch: this runs inside every sort).
    static func rank(_ kind: RecordKind) -> Int {
        switch kind {
        case .profile: 0
        case .week: 1
        case .wellness: 2
        case .workout: 3
        case .biometric: 4
        case .sleep: 5
        case .food: 6
        case .steps: 7
        case .weight: 8
        }
    }

    /// Section order, then period.
    public static func < (a: ChunkKey, b: ChunkKey) -> Bool {
        (rank(a.section), a.period) < (rank(b.section), b.period)
    }

    // By rank rather than the kind's raw text: a view looks up hundreds of keys per athlete.
    /// The same section and period.
    public static func == (a: ChunkKey, b: ChunkKey) -> Bool {
        a.period == b.period && rank(a.section) == rank(b.section)
    }

    /// Hashes the section's rank and the period.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(period &* 16 &+ Self.rank(section))
    }
}
