import CoachKit
import Foundation
import Testing

@testable import CoachImport

/// Damaged FIT files: each is one clear error naming the file and the byte offset, and nothing
/// from the file reaches the sink.
@Suite struct FITCorruptTests {
    static func failure(_ bytes: [UInt8]) -> (ImportError?, CollectingSink) {
        let sink = CollectingSink()
        do {
            try FITImporter(file: "bad.fit", zone: .gmt).run(bytes: bytes, into: sink)
            return (nil, sink)
        } catch let e as ImportError {
            return (e, sink)
        } catch {
            return (nil, sink)
        }
    }

    @Test("a flipped data byte fails the file CRC, at the CRC's offset")
    func badCRC() throws {
        var bytes = FITWriter.activity().file()
        bytes[40] ^= 0x01
        let (e, sink) = Self.failure(bytes)
        let error = try #require(e)
        #expect(error.problem == .badChecksum)
        #expect(error.position == .byte(Int64(bytes.count - 2)))
        #expect(error.description.hasPrefix("bad.fit, byte \(bytes.count - 2): "))
        #expect(sink.records.isEmpty)
    }

    @Test("a wrong header CRC is reported at byte 12")
    func badHeaderCRC() throws {
        var bytes = FITWriter.activity().file()
        bytes[12] ^= 0xFF
        let (e, _) = Self.failure(bytes)
        #expect(e?.problem == .badChecksum && e?.position == .byte(12))
    }

    @Test("a file without '.FIT' is rejected at byte 0")
    func wrongMagic() throws {
        var bytes = FITWriter.activity().file()
        bytes[9] = UInt8(ascii: "X")
        let (e, sink) = Self.failure(bytes)
        #expect(e?.problem == .wrongMagic && e?.position == .byte(0))
        #expect(e?.description.contains("'.FIT'") == true)
        #expect(sink.records.isEmpty)
    }

    @Test("a truncated file names the offset where it ends")
    func truncated() throws {
        let bytes = Array(FITWriter.activity().file().dropLast(100))
        let (e, sink) = Self.failure(bytes)
        #expect(e?.problem == .truncated && e?.position == .byte(Int64(bytes.count)))
        #expect(sink.records.isEmpty)
    }

    @Test("a record running past the end of the data is caught with a correct CRC")
    func recordPastTheEnd() throws {
        var w = FITWriter.activity(count: 5)
        w.data.append(1)  // a record header for local 1 (11 bytes) with only 3 bytes left
        w.data += [1, 2, 3]
        let bytes = w.file()
        let (e, sink) = Self.failure(bytes)
        let error = try #require(e)
        #expect(error.problem == .truncated)
        #expect(error.position == .byte(Int64(14 + w.data.count - 4)))
        #expect(error.message.contains("past the end"))
        #expect(sink.records.isEmpty)
    }

    @Test("a data message before its definition is malformed")
    func undefinedLocal() throws {
        var w = FITWriter.activity(count: 3)
        w.data += [7, 0, 0]
        let (e, _) = Self.failure(w.file())
        #expect(e?.problem == .malformed)
    }
}
