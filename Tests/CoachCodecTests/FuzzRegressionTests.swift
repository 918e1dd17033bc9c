import CoachKit
import CoachTestSupport
import Foundation
import Testing

@testable import CoachCodec

/// Inputs the record-codec fuzz target (Benchmarks/Fuzz/record-codec.swift) found crashing,
/// each now refused as `CompactReader.Malformed`.
@Suite struct FuzzRegressionTests {
    /// A compact food entry whose time is `seconds` and `offset`, as a sealed plaintext.
    static func food(seconds: Double, offset: Int) -> [UInt8] {
        var w = CompactWriter()
        w.fixed([RecordPayload.packedTag])
        FoodEntry(id: "", time: Instant(epochSeconds: seconds, offsetSeconds: offset), kcal: 600)
            .write(to: &w)
        return w.bytes
    }

    @Test(
        "An instant outside years 1–9999, not finite, or with an offset of a day is damage",
        arguments: [
            (1e300, 0) as (Double, Int), (-1e300, 0), (.infinity, 0), (.nan, 0), (0, Int.max),
            (0, 86_400), (253_402_300_800, 0), (-62_135_596_801, 0),
        ])
    func instants(seconds: Double, offset: Int) {
        #expect(throws: CompactReader.Malformed.self) {
            try RecordPayload.unpack(
                Self.food(seconds: seconds, offset: offset), kind: .food, id: "f")
        }
    }

    @Test("Instants at the edges of years 1 and 9999 still read")
    func edges() throws {
        let first = try #require(LocalDay(year: 1, month: 1, day: 1))
        let last = try #require(LocalDay(year: 9999, month: 12, day: 31))
        #expect(LocalDay.textRange == first.ordinal...last.ordinal)
        for (seconds, offset) in [(-62_135_596_800.0, 0), (253_402_300_799, 0), (0, -86_399)] {
            let json = try RecordPayload.unpack(
                Self.food(seconds: seconds, offset: offset), kind: .food, id: "f")
            #expect(!json.isEmpty)
        }
    }

    @Test(
        "A day outside years 1–9999 is damage",
        arguments: [Int.max, Int.max - 3, Int.min / 2, 2_932_897, -719_163])
    func days(ordinal: Int) {
        var w = CompactWriter()
        w.int(ordinal)
        var r = CompactReader(w.bytes)
        #expect(throws: CompactReader.Malformed.self) { try LocalDay(compact: &r) }
    }

    @Test("The week the fuzzer found (a start near Int.max) is refused, not an overflow")
    func weekNearIntMax() throws {
        let url = TestFixtures.directory.appendingPathComponent(
            "fuzz/record-codec/crash-week-start-near-int-max.bin")
        let input = try #require(FileManager.default.contents(atPath: url.path))
        let kind = RecordKind.allCases[Int(input[0]) % RecordKind.allCases.count]
        #expect(kind == .week)
        #expect(throws: CompactReader.Malformed.self) {
            try RecordPayload.unpack(Array(input.dropFirst()), kind: kind, id: "f")
        }
    }
}
