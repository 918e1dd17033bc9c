import CoachTestSupport
import Foundation
import Testing

@testable import CoachCLI

@Suite struct QRCodeTests {
    /// Renders `code` as a binary PGM image, `scale` pixels a module, with a 4-module margin.
    private func pgm(_ code: QRCode, scale: Int = 4) -> Data {
        let side = (code.size + 8) * scale
        var pixels = [UInt8]()
        pixels.reserveCapacity(side * side)
        for y in 0..<side {
            for x in 0..<side {
                pixels.append(code[y / scale - 4, x / scale - 4] ? 0 : 255)
            }
        }
        return Data("P5\n\(side) \(side)\n255\n".utf8) + Data(pixels)
    }

    private func zbarimg(_ files: [String]) throws -> [String] {
        let path = "/usr/bin/zbarimg"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            Issue.record("zbarimg is missing: make test-deps installs zbar-tools")
            return []
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--raw", "-q", "-Sdisable", "-Sqrcode.enable"] + files
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("every version from 1 to 13, full and one byte over the last, scans back to its bytes")
    func scans() throws {
        let folder = try TempFolder(prefix: "coach-qr")
        var lengths = [1, 17, 60]
        for version in 1...13 { lengths.append(QRCode.capacity(version: version)) }
        lengths += (1...12).map { QRCode.capacity(version: $0) + 1 }
        var files: [String] = []
        var texts: [String] = []
        var versions: Set<Int> = []
        for (index, length) in lengths.enumerated() {
            let link = "https://club.example/checkin#v=1&w=ws&c="
            let text = String((link + String(repeating: "k7Q", count: 120)).prefix(length))
            let code = try QRCode(bytes: Array(text.utf8))
            versions.insert(code.version)
            let file = folder.file("qr-\(index).pgm")
            try pgm(code).write(to: URL(fileURLWithPath: file))
            files.append(file)
            texts.append(text)
        }
        #expect(versions == Set(1...13))
        #expect(try zbarimg(files) == texts)
    }

    @Test("the standard's HELLO WORLD example at 1-M gets its published error correction")
    func reedSolomon() {
        let data: [UInt8] = [
            32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17,
        ]
        #expect(
            ReedSolomon.remainder(of: data, degree: 10)
                == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    @Test("bytes past version 13's capacity are refused, and the terminal form is half as tall")
    func limits() throws {
        let limit = QRCode.capacity(version: 13)
        #expect(limit == 331)
        #expect(throws: QRCode.Failure.tooLong(bytes: limit + 1, limit: limit)) {
            try QRCode(bytes: Array(repeating: 0x41, count: limit + 1))
        }
        let code = try QRCode(bytes: Array("https://club.example/checkin".utf8))
        let lines = code.terminalLines()
        #expect(lines.count == (code.size + 8 + 1) / 2)
        #expect(lines.allSatisfy { $0.hasSuffix("\u{1B}[0m") })
    }
}
