import CoachKit
import Foundation
import Testing

@testable import CoachCodec

/// A wellness entry's origin (the phone that sent it) is written only when present: an entry
/// typed with `log mood` keeps the bytes and JSON it always had.
@Suite struct WellnessOriginCodingTests {
    static let origin = WellnessOrigin(
        device: "9435f78754b12b4088783ac4f5968ba3", item: "6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
        sentAt: 1_764_000_000_000)

    static func entry(notes: String?, origin: WellnessOrigin?) -> WellnessEntry {
        WellnessEntry(
            id: "6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b", day: LocalDay("2026-11-24")!, mood: 4,
            doms: [.quads: 6], notes: notes, origin: origin)
    }

    static func compact(_ e: WellnessEntry) -> [UInt8] {
        var w = CompactWriter()
        e.write(to: &w)
        return w.bytes
    }

    @Test(
        "without an origin, the compact bytes are those of the layout before it",
        arguments: ["x", nil])
    func bytesUnchanged(notes: String?) {
        let e = Self.entry(notes: notes, origin: nil)
        // The layout before origins: id, day, mood, doms, then notes as an optional string.
        var old = CompactWriter()
        old.id(e.id)
        e.day.write(to: &old)
        old.int(e.mood)
        old.array(e.doms.sorted { $0.key < $1.key }) { w, d in
            w.string(d.key.rawValue); w.int(d.value)
        }
        old.string(e.notes)
        #expect(Self.compact(e) == old.bytes)
    }

    @Test("with an origin, the compact and JSON forms round-trip it", arguments: ["x", nil])
    func roundTrip(notes: String?) throws {
        let e = Self.entry(notes: notes, origin: Self.origin)
        var r = CompactReader(Self.compact(e))
        #expect(try WellnessEntry(compact: &r) == e)
        #expect(r.isAtEnd)
        let json = try JSONEncoder().encode(e)
        #expect(try JSONDecoder().decode(WellnessEntry.self, from: json) == e)
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        let origin = try #require(object?["origin"] as? [String: Any])
        #expect(Set(origin.keys) == ["device", "item", "sent_at"])
    }

    @Test("an entry without an origin has no 'origin' key in JSON")
    func noKeyWithoutOrigin() throws {
        let json = try JSONEncoder().encode(Self.entry(notes: "x", origin: nil))
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        #expect(object?["origin"] == nil)
    }

    @Test("a notes flag byte above 3 is malformed, not read as something else")
    func unknownFlag() {
        var bytes = Self.compact(Self.entry(notes: nil, origin: nil))
        bytes[bytes.count - 1] = 4
        var r = CompactReader(bytes)
        #expect(throws: CompactReader.Malformed.self) { try WellnessEntry(compact: &r) }
    }
}
