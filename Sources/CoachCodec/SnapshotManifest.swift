import CoachCrypto
import CoachKit

/// The table of contents of an athlete's chunked snapshot, as its nine section rows hold it:
/// the profile, and for each other kind which chunks exist, how many records each holds and a
/// digest of each chunk's sealed row.
///
/// Each section row is sealed like before chunks, so a chunk that is deleted, rolled back to an
/// older sealed version or swapped for another chunk no longer matches its entry and is reported
/// as tampering instead of silently leaving records out of a view.
public struct SnapshotManifest: Equatable {
    /// One chunk: the records of one kind whose record day falls in one period.
    public struct Entry: Equatable {
        /// How many records the chunk holds.
        public var count: Int
        /// A digest of the chunk's sealed row.
        public var digest: [UInt8]

        /// Creates an entry.
        public init(count: Int, digest: [UInt8]) {
            self.count = count
            self.digest = digest
        }
    }

    static let magic: [UInt8] = Array("coach-snapshot/5".utf8)

    /// The athlete's profile.
    public var profile: AthleteProfile
    /// A digest of the profile section's sealed row.
    public var profileDigest: [UInt8] = []
    /// The chunks by section and period.
    public var entries: [ChunkKey: Entry] = [:]

    /// Creates a manifest of `profile` without chunks.
    public init(profile: AthleteProfile) { self.profile = profile }

    /// Entries in a fixed order (section order, then period).
    public var sorted: [(key: ChunkKey, value: Entry)] {
        entries.sorted { $0.key < $1.key }
    }

    /// The plaintext of one section row.
    ///
    /// - Throws: `PayloadJSON`'s error when the profile does not encode.
    public func encode(_ section: RecordKind) throws -> [UInt8] {
        var w = CompactWriter(capacity: 64 + 40 * entries.count)
        w.raw(Self.magic)
        if section == .profile {
            w.raw(try PayloadJSON.encode(profile))
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
    /// - Throws: `CompactReader.Malformed` when the bytes are damaged.
    public mutating func decode(_ section: RecordKind, from bytes: [UInt8]) throws -> Bool {
        var r = CompactReader(bytes)
        guard try r.raw() == Self.magic else { return false }
        if section == .profile {
            profile = try PayloadJSON.decode(AthleteProfile.self, from: try r.raw())
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
    public func prefixDigest(through period: Int) -> [UInt8] {
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
