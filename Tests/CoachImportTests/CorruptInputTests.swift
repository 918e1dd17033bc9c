import CoachKit
import Foundation
import Testing

@testable import CoachImport

/// Damaged XML, zip and TCX inputs: one clear error naming the file and the position.
@Suite struct CorruptInputTests {
    typealias F = ImportFixtures

    static func error(_ body: () throws -> Void) -> ImportError? {
        do { try body(); return nil } catch let e as ImportError { return e } catch { return nil }
    }

    @Test("XML that ends inside an element is truncated, at the byte where it ends")
    func truncatedXML() throws {
        let doc = F.document(F.record("HeartRate", "2023-11-06 07:00:00 -0800", value: "60"))
        let cut = String(doc.prefix(doc.count - 30))
        let e = try #require(Self.error { _ = try F.appleHealth(cut, file: "cut.xml") })
        #expect(e.problem == .truncated)
        #expect(e.description.hasPrefix("cut.xml, byte "))
    }

    @Test("garbled XML (a mismatched end tag, an unquoted value) is malformed, with its offset")
    func garbledXML() throws {
        let bad = F.document("<Record type=\"x\" value=\"1\"></Recrod>")
        let e = try #require(Self.error { _ = try F.appleHealth(bad, file: "bad.xml") })
        #expect(e.problem == .malformed)
        let offset = Int64(Array(bad.utf8).firstRange(of: Array("</Recrod>".utf8))!.lowerBound)
        #expect(e.position == .byte(offset))
        #expect(e.message.contains("</Recrod>"))
        let unquoted = F.document("<Record type=HKQuantityTypeIdentifierHeartRate/>")
        #expect(Self.error { _ = try F.appleHealth(unquoted) }?.problem == .malformed)
    }

    @Test("a document that is not an Apple Health export is refused")
    func wrongRoot() throws {
        let e = Self.error { _ = try F.appleHealth("<?xml version=\"1.0\"?><gpx></gpx>") }
        #expect(e?.problem == .wrongMagic)
    }

    @Test("a truncated zip is refused before anything is read, naming where it ends")
    func truncatedZip() throws {
        let bytes = try FileStream(path: F.fixture("apple-health/apple-health-parser/export.zip"))
            .readAll()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "coach-zip-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("export.zip").path
        _ = FileManager.default.createFile(
            atPath: path, contents: Data(bytes.prefix(bytes.count / 2)))
        let sink = CollectingSink()
        let e = try #require(
            Self.error {
                try AppleHealthImporter(file: "export.zip").importZip(at: path, into: sink)
            })
        #expect(e.problem == .truncated)
        #expect(e.position == .byte(Int64(bytes.count / 2)))
        #expect(sink.records.isEmpty)
    }

    @Test("a zip entry whose data is damaged fails its CRC or inflate check")
    func damagedZipEntry() throws {
        var bytes = try FileStream(path: F.fixture("apple-health/apple-health-parser/export.zip"))
            .readAll()
        let zip = try ZipArchive(path: F.fixture("apple-health/apple-health-parser/export.zip"))
        let entry = try #require(AppleHealthImporter.exportEntry(in: zip))
        let dataStart = Int(entry.localHeaderOffset) + 30 + entry.name.utf8.count + 40
        for i in dataStart..<(dataStart + 20) { bytes[i] ^= 0x5A }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "coach-zip-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("export.zip").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let e = Self.error {
            try AppleHealthImporter(file: "export.zip").importZip(at: path, into: CollectingSink())
        }
        #expect(e != nil)
        #expect(e?.description.hasPrefix("export.zip") == true)
    }

    @Test("a TCX track point without a time is an error at that point's offset")
    func tcxMissingTime() throws {
        let tcx = """
            <?xml version="1.0"?>
            <TrainingCenterDatabase><Activities><Activity Sport="Biking"><Id>2023-01-01T10:00:00Z</Id>
            <Lap StartTime="2023-01-01T10:00:00Z"><Track>
            <Trackpoint><Time>2023-01-01T10:00:00Z</Time><HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint>
            <Trackpoint><HeartRateBpm><Value>121</Value></HeartRateBpm></Trackpoint>
            </Track></Lap></Activity></Activities></TrainingCenterDatabase>
            """
        let sink = CollectingSink()
        let e = try #require(
            Self.error {
                try TrackImporter(file: "ride.tcx", zone: .gmt).run(
                    stream: MemoryStream(Array(tcx.utf8)), format: .tcx, into: sink)
            })
        #expect(e.problem == .missingField)
        let second = Array(tcx.utf8).ranges(of: Array("<Trackpoint>".utf8))[1].lowerBound
        #expect(e.position == .byte(Int64(second)))
        #expect(e.description == "ride.tcx, byte \(second): a track point has no time")
        #expect(sink.records.isEmpty)
    }
}
