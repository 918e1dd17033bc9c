import CoachKit
import Testing

@testable import CoachCodec

/// Record rows seal the compact form of their payload only when it gives the same JSON back.
@Suite struct RecordPayloadTests {
    /// One record of the fixture: what a record row holds before it is sealed.
    struct Record {
        let id: String
        let kind: RecordKind
        let json: [UInt8]

        func payload() throws -> [UInt8] { json }
    }

    /// Every record of the every-field dataset (not the profile), as JSON payloads.
    static var records: [Record] {
        get throws {
            let d = CompactCodingTests.dataset
            func of<T: Encodable>(_ kind: RecordKind, _ items: [T], _ id: (T) -> String) throws
                -> [Record]
            {
                try items.map { Record(id: id($0), kind: kind, json: try PayloadJSON.encode($0)) }
            }
            return try of(.week, d.weeks, \.id) + of(.wellness, d.wellness, \.id)
                + of(.workout, d.workouts, \.id) + of(.biometric, d.biometrics, \.id)
                + of(.sleep, d.sleep, \.id) + of(.food, d.food, \.id)
                + of(.steps, d.steps, \.id) + of(.weight, d.weight, \.id)
        }
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
}
