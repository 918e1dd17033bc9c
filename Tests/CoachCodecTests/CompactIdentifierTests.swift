import CoachKit
import Foundation
import Testing

@testable import CoachCodec

/// Ids in the compact form: lowercase UUIDs as 16 bytes, everything else as written.
@Suite struct CompactIdentifierTests {
    @Test(
        "Every id reads back unchanged; only lowercase UUIDs take the 17-byte form",
        arguments: [
            ("3f2a9c4e-1b7d-4e6f-a012-9b8c7d6e5f40", 17),
            ("3F2A9C4E-1B7D-4E6F-A012-9B8C7D6E5F40", 37),
            ("3f2a9c4e-1b7d-4e6f-a012-9b8c7d6e5f4g", 37),
            ("3f2a9c4e11b7d-4e6f-a012-9b8c7d6e5f40", 37),
            ("steps-2026-11-24", 17), ("w1", 3), ("", 1), ("hélène-1", 11),
        ])
    func roundTrip(id: String, size: Int) throws {
        var w = CompactWriter()
        w.id(id)
        #expect(w.bytes.count == size)
        var r = CompactReader(w.bytes)
        #expect(try r.id() == id)
        #expect(r.isAtEnd)
    }

    @Test("A chunk of records with UUID ids round-trips through the snapshot coding")
    func chunkRoundTrip() throws {
        var d = AthleteDataset(athlete: AthleteProfile(handle: "jane", name: "Jane"))
        let day = LocalDay("2026-11-01")!
        d.wellness = (0..<30).map {
            WellnessEntry(
                id: UUID().uuidString.lowercased(), day: day.adding(days: $0), mood: $0 % 5 + 1)
        }
        let bytes = try SnapshotCoding.encode(.wellness, of: d)
        var back = AthleteDataset(athlete: d.athlete)
        #expect(try SnapshotCoding.decode(.wellness, from: bytes, into: &back))
        #expect(back.wellness == d.wellness)
    }

    @Test("A truncated UUID id is refused, not read around")
    func truncated() throws {
        var w = CompactWriter()
        w.id("3f2a9c4e-1b7d-4e6f-a012-9b8c7d6e5f40")
        var r = CompactReader(Array(w.bytes.dropLast()))
        #expect(throws: CompactReader.Malformed.self) { try r.id() }
    }
}

/// Chunk keys order by section as `RecordKind.allCases` lists them, then by period.
@Suite struct ChunkKeyOrderTests {
    @Test("Every section ranks at its place in RecordKind.allCases")
    func ranks() {
        #expect(RecordKind.allCases.map(ChunkKey.rank) == Array(RecordKind.allCases.indices))
        let a = ChunkKey(section: .wellness, period: 9), b = ChunkKey(section: .workout, period: 1)
        #expect(a < b && !(b < a))
        #expect(ChunkKey(section: .food, period: 1) < ChunkKey(section: .food, period: 2))
    }
}
