import CoachCrypto
import Foundation
import Testing

@testable import CoachSync

/// The page compiled into CoachSync is checkin.html as committed, and its hashes are those of
/// its bytes: a stale embed (checkin.html edited without Scripts/embed-checkin-page.sh) fails.
@Suite struct CheckinPageEmbedTests {
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CoachSync/CheckinPage/checkin.html")

    let file: [UInt8]
    let text: String

    init() throws {
        let data = try #require(FileManager.default.contents(atPath: Self.source.path))
        file = [UInt8](data)
        text = String(decoding: data, as: UTF8.self)
    }

    /// The CSP source of `content`: `sha256-` and standard base64 of its SHA-256.
    func cspHash(_ content: Substring) -> String {
        "sha256-" + Data(Hashing.sha256(Array(content.utf8))).base64EncodedString()
    }

    /// The text between the one `<tag>` and its `</tag>`.
    func inline(_ tag: String) throws -> Substring {
        let open = try #require(text.range(of: "<\(tag)>"))
        let close = try #require(
            text.range(of: "</\(tag)>", range: open.upperBound..<text.endIndex))
        return text[open.upperBound..<close.lowerBound]
    }

    @Test("The embedded page is checkin.html byte for byte (run Scripts/embed-checkin-page.sh)")
    func embeddedEqualsFile() {
        // Compared by length and digest, so a failure names no page-sized values.
        #expect(CheckinPage.bytes.count == file.count)
        let same = Hashing.sha256(CheckinPage.bytes) == Hashing.sha256(file)
        #expect(same, "the embedded page differs from checkin.html")
    }

    @Test("The SHA-256 and the script and style hashes are those of the page's bytes")
    func hashes() throws {
        #expect(CheckinPage.sha256 == Hashing.hex(Hashing.sha256(file)))
        #expect(CheckinPage.scriptHash == cspHash(try inline("script")))
        #expect(CheckinPage.styleHash == cspHash(try inline("style")))
        let matchesFile = CheckinPage.matches(file)
        #expect(matchesFile)
        var altered = file
        altered[altered.count / 2] ^= 0x20
        let matchesAltered = CheckinPage.matches(altered)
        #expect(!matchesAltered)
    }

    @Test("The page is one small file: one inline script and style, nothing from elsewhere")
    func selfContained() {
        #expect(file.count < 64 * 1024, "\(file.count) bytes")
        #expect(text.components(separatedBy: "<script").count == 2)
        #expect(text.components(separatedBy: "<style").count == 2)
        #expect(!text.contains("src="))
        #expect(!text.contains("http:") && !text.contains("https:"))
        #expect(!text.contains("import(") && !text.contains("eval("))
        #expect(text.contains("window.coachCheckin = Object.freeze("))
    }

    @Test("The policy allows only the page's own script and style and its own origin")
    func policy() {
        let directives = Set(
            CheckinPage.contentSecurityPolicy.components(separatedBy: "; "))
        let expected: Set<String> = [
            "default-src 'none'", "script-src '\(CheckinPage.scriptHash)'",
            "style-src '\(CheckinPage.styleHash)'", "img-src data:", "connect-src 'self'",
            "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
        ]
        #expect(directives == expected)
    }
}
