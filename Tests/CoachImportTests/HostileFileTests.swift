import CoachKit
import CoachTestSupport
import Foundation
import Testing

@testable import CoachImport

/// Tiny hostile files (Tests/Fixtures/hostile): values no device writes, which used to reach
/// integer conversions, array sizes and date arithmetic. Each is refused with one malformed
/// `ImportError` naming the file, the place and the field, and hands nothing to the sink.
@Suite struct HostileFileTests {
    /// A fixture, the position kind its error names, and what the message must say.
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var position: ImportPosition
        var says: String
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(
            file: "csv-steps-1e300.csv", position: .line(2), says: "steps '1e300' is out of range"),
        Case(file: "csv-mood-inf.csv", position: .line(2), says: "mood 'inf' is out of range"),
        Case(
            file: "csv-elapsed-300-years.csv", position: .line(2),
            says: "elapsed_s '1e10' is out of range"),
        Case(
            file: "ah-60-digit-value.xml", position: .byte(13),
            says: "value '123456789012345678901234…' is out of range"),
        Case(
            file: "ah-300-year-workout.xml", position: .byte(13),
            says: "a <Workout> lasts 109572 days"),
        Case(
            file: "ah-year-one.xml", position: .byte(13),
            says: "startDate '0001-01-01 00:00:00 +0000' is outside the years 1900–2199"),
        Case(
            file: "fit-start-float.fit", position: .byte(22),
            says: "start_time '1e+300' is not a FIT time"),
        Case(
            file: "fit-start-negative.fit", position: .byte(22),
            says: "start_time '-5.0' is not a FIT time"),
        Case(
            file: "fit-elapsed-huge.fit", position: .byte(25),
            says: "total_elapsed_time '1000000000000000.0' is out of range"),
        Case(
            file: "fit-sport-float.fit", position: .byte(25), says: "sport '1e+300' is out of range"
        ),
        Case(file: "gpx-300-year-track.gpx", position: .file, says: "the track lasts 109208 days"),
    ]

    @Test("a hostile file is refused as malformed, naming file, place and field", arguments: cases)
    func refused(_ c: Case) throws {
        let path = TestFixtures.path("hostile/" + c.file)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 <= 300)
        let sink = CollectingSink()
        var caught: ImportError?
        do {
            for unit in try ImportUnits.units(path: path) {
                try unit.run(into: sink, settings: ImportSettings(zone: .gmt))
            }
        } catch let e as ImportError {
            caught = e
        }
        let e = try #require(caught)
        #expect(e.problem == .malformed)
        #expect(e.file.hasSuffix(c.file))
        #expect(e.position == c.position)
        #expect(e.message.contains(c.says), "\(e.message)")
        #expect(!e.description.contains("\n"))
        #expect(sink.records.isEmpty)
    }

    @Test(
        "a number of many digits parses without overflowing the power-of-ten table",
        arguments: [
            ("1" + String(repeating: "0", count: 59), 1e59),
            ("0." + String(repeating: "0", count: 50) + "1", 1e-51),
            (String(repeating: "9", count: 45) + ".5", 1e45),
        ])
    func longNumbers(_ text: String, _ expected: Double) {
        let bytes = Array(text.utf8)
        let v = bytes.withUnsafeBufferPointer { NumberParser.parse($0, 0..<bytes.count) }
        #expect(v.map { abs($0 - expected) <= expected * 1e-12 } == true)
    }

    @Test("a zip bomb (64 MiB from 195 kB) is refused once it grows past 200-fold")
    func zipBomb() throws {
        let path = TestFixtures.path("hostile/ah-zip-bomb.zip")
        let sink = CollectingSink()
        var caught: ImportError?
        do {
            for unit in try ImportUnits.units(path: path) {
                try unit.run(into: sink, settings: ImportSettings(zone: .gmt))
            }
        } catch let e as ImportError {
            caught = e
        }
        let e = try #require(caught)
        #expect(e.problem == .malformed)
        #expect(e.message.contains("expands more than 200-fold"), "\(e.message)")
        guard case .byte(let at) = e.position else { Issue.record("no offset"); return }
        // Refused within one read of where the ratio is passed, never after all 64 MiB.
        let size = try #require(FileStream.size(of: path))
        #expect(at <= InflateStream.maxRatio * size + (1 << 18))
        #expect(sink.records.isEmpty)
    }

    @Test("a tag longer than 16 MiB is refused instead of held in memory")
    func longTag() throws {
        let head = Array(
            #"<HealthData><Record type="HKQuantityTypeIdentifierHeartRate" value=""#.utf8)
        let doc =
            head + [UInt8](repeating: 0x41, count: 17 << 20) + Array(#""/></HealthData>"#.utf8)
        let sink = CollectingSink()
        do {
            try AppleHealthImporter(file: "long.xml").run(stream: MemoryStream(doc), into: sink)
            Issue.record("a 17 MiB tag was read")
        } catch let e as ImportError {
            #expect(e.problem == .malformed)
            #expect(e.message.contains("runs over 16 MiB"), "\(e.message)")
        }
    }
}
