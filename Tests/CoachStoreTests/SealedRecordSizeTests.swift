import CoachCrypto
import CoachKit
import CoachTestSupport
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// Record rows sealed in compact form are smaller, padded, and read back as written (the pure
/// packing is tested in CoachCodecTests' `RecordPayloadTests`).
@Suite struct SealedRecordSizeTests {
    static var records: [PlainRecord] {
        get throws { try DatasetRecords.records(of: EveryFieldDataset.dataset) }
    }

    @Test("Sealed rows of compact payloads are smaller and still padded to 64-byte blocks")
    func sealedSizes() throws {
        let f = try Fixture()
        let a = try f.athlete("anna")
        for r in try Self.records {
            try f.put(
                a, id: r.id, kind: r.kind, day: r.day,
                payload: String(decoding: try r.payload(), as: UTF8.self))
        }
        let sizes = try f.ws.read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT id, length(ciphertext) AS n FROM records WHERE \(ofAthlete)",
                arguments: [a]
            ).map { (RecordIdColumn.id($0["id"]), $0["n"] as Int) }
        }
        for r in try Self.records {
            let n = try #require(sizes.first { $0.0 == r.id }?.1)
            #expect((n - 16) % RecordCodec.padBlock == 0)
            let padded = Padding.pad(try r.payload(), blockSize: RecordCodec.padBlock)
            #expect(n - 16 < padded.count)
        }
        let back = try f.records(a)
        for r in try Self.records {
            #expect(back[r.id] == String(decoding: try r.payload(), as: UTF8.self))
        }
    }
}
