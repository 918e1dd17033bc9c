import CoachCrypto
import CoachKit

/// The table of contents of an athlete's chunked snapshot, as its nine section rows hold it:
/// the profile, and for each other kind which chunks exist, how many records each holds and a
/// digest of each chunk's sealed row.
///
/// Each section row is sealed like before chunks, so a chunk that is deleted, rolled back to an
/// older sealed version or swapped for another chunk no longer matches its entry and is reported
/// as tampering instead of silently leaving records out of a view.
struct SnapshotManifest: Equatable {
    /// One chunk: the records of one kind whose record day falls in one period.
    struct Entry: Equatable {
        var count: Int
        var digest: [UInt8]
    }

    static let magic: [UInt8] = Array("coach-snapshot/5".utf8)

    var profile: AthleteProfile
    /// A digest of the profile section's sealed row.
    var profileDigest: [UInt8] = []
    /// The chunks by section and period.
    var entries: [ChunkKey: Entry] = [:]

    /// Entries in a fixed order (section order, then period).
    var sorted: [(key: ChunkKey, value: Entry)] {
        entries.sorted { $0.key < $1.key }
    }

    /// The plaintext of one section row.
    func encode(_ section: RecordKind) throws -> [UInt8] {
        var w = CompactWriter(capacity: 64 + 40 * entries.count)
        w.raw(Self.magic)
        if section == .profile {
            w.raw(try JSONCoding.encode(profile))
            return w.bytes
        }
        w.array(sorted.filter { $0.key.section == section }) { w, e in
            w.int(e.key.period)
            w.int(e.value.count)
            w.raw(e.value.digest)
        }
        return w.bytes
    }

    /// Reads one section row into the manifest.
    ///
    /// - Returns: false for another layout version (the snapshot is rebuilt).
    /// - Throws: `CompactReader.Malformed` (or a JSON error) when the bytes are damaged.
    mutating func decode(_ section: RecordKind, from bytes: [UInt8]) throws -> Bool {
        var r = CompactReader(bytes)
        guard try r.raw() == Self.magic else { return false }
        if section == .profile {
            profile = try JSONCoding.decode(AthleteProfile.self, from: try r.raw())
        } else {
            let list = try r.array { r -> (Int, Entry) in
                (try r.int(), Entry(count: try r.int(), digest: try r.raw()))
            }
            // Room for the other sections' lists too: no rehashing section by section.
            if entries.capacity < entries.count + list.count {
                entries.reserveCapacity(max(entries.count + list.count, 2 * entries.capacity))
            }
            for (period, e) in list { entries[ChunkKey(section: section, period: period)] = e }
        }
        guard r.isAtEnd else { throw CompactReader.Malformed() }
        return true
    }

    /// A digest of the profile and the entries of periods up to `period`: what a carried state
    /// as of a day of that period summarises. Any write into those periods changes it.
    func prefixDigest(through period: Int) -> [UInt8] {
        var w = CompactWriter()
        w.raw(profileDigest)
        for (k, e) in sorted where k.period <= period {
            w.string(k.section.rawValue)
            w.int(k.period)
            w.raw(e.digest)
        }
        return Hashing.blake2b(w.bytes, length: 32)
    }
}

/// Where one chunk sits: its section (record kind) and period.
struct ChunkKey: Hashable, Comparable {
    var section: RecordKind
    var period: Int

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

    static func < (a: ChunkKey, b: ChunkKey) -> Bool {
        (rank(a.section), a.period) < (rank(b.section), b.period)
    }

    // By rank rather than the kind's raw text: a view looks up hundreds of keys per athlete.
    static func == (a: ChunkKey, b: ChunkKey) -> Bool {
        a.period == b.period && rank(a.section) == rank(b.section)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(period &* 16 &+ Self.rank(section))
    }
}

/// Periods of the chunked snapshot: calendar months of the record day.
enum SnapshotPeriod {
    /// The period of the profile (and of any record without a day).
    static let profile = 0

    /// The month of a record day `YYYY-MM-DD` (year · 12 + month − 1); the profile's for "".
    static func of(day: String) -> Int {
        guard let d = LocalDay(day) else { return profile }
        return of(d)
    }

    /// The month of `day`.
    static func of(_ day: LocalDay) -> Int {
        let c = day.components
        return c.year * 12 + c.month - 1
    }

    /// The last day of the month before the month of `day`.
    static func endOfPreviousMonth(_ day: LocalDay) -> LocalDay {
        day.adding(days: -day.components.day)
    }
}
