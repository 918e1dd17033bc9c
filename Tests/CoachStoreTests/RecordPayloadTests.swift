import CoachCrypto
import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// Record rows seal the compact form of their payload only when it gives the same JSON back.
@Suite struct RecordPayloadTests {
    static var records: [PlainRecord] {
        get throws { try DatasetRecords.records(of: CompactCodingTests.dataset) }
    }

    @Test("Every kind's payload seals in compact form and reads back byte for byte")
    func compactRoundTrip() throws {
        let records = try Self.records
        #expect(Set(records.map(\.kind)) == Set(RecordKind.allCases.filter { $0 != .profile }))
        for r in records {
            let payload = try r.payload()
            let plain = RecordPayload.pack(payload, kind: r.kind, id: r.id)
            #expect(plain.first == RecordPayload.packedTag, "\(r.kind) was not packed")
            #expect(plain.count < payload.count, "\(r.kind) did not shrink")
            #expect(try RecordPayload.unpack(plain, kind: r.kind, id: r.id) == payload)
        }
    }

    @Test(
        "Payloads the compact form cannot reproduce are sealed as they are",
        arguments: [
            (RecordKind.wellness, #"{"mood":4,"notes":"first"}"#),
            (.wellness, #"{"mood":4,"id":"m1","day":"2026-11-24"}"#),
            (.wellness, #"{"day":"2026-11-24","id":"m1","mood":4,"extra":true}"#),
            (.profile, #"{"handle":"jane","name":"Jane"}"#),
            (.steps, "not json at all"),
            (.food, "\u{C0}"), (.food, "\u{C1}x"),
        ])
    func verbatim(kind: RecordKind, text: String) throws {
        var payload = Array(text.utf8)
        if text.hasPrefix("\u{C0}") || text.hasPrefix("\u{C1}") {
            // A payload whose first byte is a tag byte (not UTF-8 text) still reads back.
            payload[0] = text.hasPrefix("\u{C0}") ? 0xC0 : 0xC1
            payload.remove(at: 1)
        }
        let plain = RecordPayload.pack(payload, kind: kind, id: "m1")
        #expect(plain.first != RecordPayload.packedTag)
        #expect(try RecordPayload.unpack(plain, kind: kind, id: "m1") == payload)
    }

    @Test("A compact payload reads back under its own row id only")
    func idFromRow() throws {
        let r = try #require(try Self.records.first { $0.kind == .wellness })
        let payload = try r.payload()
        let plain = RecordPayload.pack(payload, kind: r.kind, id: r.id)
        #expect(try RecordPayload.unpack(plain, kind: r.kind, id: "other") != payload)
        #expect(throws: (any Error).self) {
            try RecordPayload.unpack(plain + [0], kind: r.kind, id: r.id)
        }
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
