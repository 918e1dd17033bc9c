import CoachKit
import Testing

@testable import CoachCodec

/// The snapshot's table of contents: section rows round-trip, and the prefix digest covers
/// exactly the periods up to the one it is taken through.
@Suite struct SnapshotManifestTests {
    static var manifest: SnapshotManifest {
        var m = SnapshotManifest(profile: CompactCodingTests.dataset.athlete)
        m.profileDigest = [9, 9, 9]
        for (i, kind) in RecordKind.allCases.dropFirst().enumerated() {
            for period in [24_310, 24_311, 24_320] {
                m.entries[ChunkKey(section: kind, period: period)] = .init(
                    count: i + period % 7, digest: [UInt8(i), UInt8(period % 256)])
            }
        }
        return m
    }

    @Test("Every section row reads back into an equal manifest")
    func roundTrip() throws {
        let m = Self.manifest
        var back = SnapshotManifest(profile: AthleteProfile(handle: "", name: ""))
        for section in RecordKind.allCases {
            #expect(try back.decode(section, from: try m.encode(section)))
        }
        back.profileDigest = m.profileDigest
        #expect(back == m)
        #expect(back.sorted.map(\.key) == m.entries.keys.sorted())
    }

    @Test("A row of another layout is no manifest; a cut or padded row is malformed")
    func damagedRows() throws {
        var m = SnapshotManifest(profile: AthleteProfile(handle: "", name: ""))
        var other = CompactWriter()
        other.raw(Array("coach-snapshot/4".utf8))
        #expect(try m.decode(.wellness, from: other.bytes) == false)
        for section in [RecordKind.profile, .workout] {
            let row = try Self.manifest.encode(section)
            for cut in 0..<row.count {
                #expect(throws: CompactReader.Malformed.self) {
                    try m.decode(section, from: Array(row.prefix(cut)))
                }
            }
            #expect(throws: CompactReader.Malformed.self) { try m.decode(section, from: row + [0]) }
        }
    }

    @Test("The prefix digest changes with a chunk up to its period, not with a later one")
    func prefixDigest() {
        let m = Self.manifest
        let before = m.prefixDigest(through: 24_311)
        var later = m
        later.entries[ChunkKey(section: .food, period: 24_320)]?.digest = [0]
        #expect(later.prefixDigest(through: 24_311) == before)
        var earlier = m
        earlier.entries[ChunkKey(section: .food, period: 24_311)]?.digest = [0]
        #expect(earlier.prefixDigest(through: 24_311) != before)
        var profile = m
        profile.profileDigest = [1]
        #expect(profile.prefixDigest(through: 24_311) != before)
    }

    @Test("Periods are calendar months of the record day")
    func periods() {
        #expect(SnapshotPeriod.of(day: "2026-11-24") == 2026 * 12 + 10)
        #expect(SnapshotPeriod.of(day: "") == SnapshotPeriod.profile)
        let day = LocalDay("2026-03-15")!
        #expect(SnapshotPeriod.endOfPreviousMonth(day) == LocalDay("2026-02-28"))
    }
}
