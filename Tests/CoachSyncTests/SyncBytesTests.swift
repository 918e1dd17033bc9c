import CoachSync
import Foundation
import Testing

@Suite struct SyncBytesTests {
    @Test(
        "bytes read and write as base64url without padding (RFC 4648 vectors)",
        arguments: [
            ([UInt8](), ""), (Array("f".utf8), "Zg"), (Array("fo".utf8), "Zm8"),
            (Array("foo".utf8), "Zm9v"), (Array("foob".utf8), "Zm9vYg"),
            (Array("fooba".utf8), "Zm9vYmE"), ([0xfb, 0xff], "-_8"), ([0xff, 0xfe, 0xfd], "__79"),
        ])
    func vectors(bytes: [UInt8], text: String) throws {
        #expect(SyncBytes(bytes).text == text)
        #expect(SyncBytes(text: text)?.bytes == bytes)
        let json = try SyncJSON.encode([SyncBytes(bytes)])
        #expect(String(decoding: json, as: UTF8.self) == "[\"\(text)\"]")
        #expect(try SyncJSON.decode([SyncBytes].self, from: json) == [SyncBytes(bytes)])
    }

    @Test(
        "a text that is not exactly one base64url spelling is refused",
        arguments: ["Zg==", "Zh", "Z", "Z+8", "Z/8", "Zm9v\n", " Zg", "Zm9vY"])
    func refused(text: String) {
        #expect(SyncBytes(text: text) == nil)
        #expect(throws: (any Error).self) {
            try SyncJSON.decode([SyncBytes].self, from: Array("[\"\(text)\"]".utf8))
        }
    }

    @Test("the codec agrees with Foundation's base64 in the url alphabet, every length to 96")
    func agreesWithFoundation() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in 0...96 {
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            let reference = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(bytes) == reference)
            #expect(Base64URL.decode(reference) == bytes)
        }
    }

    @Test(
        "a character outside the alphabet anywhere in a spelling is refused",
        arguments: ["=", "+", "/", ".", " ", "\u{0}", "é", "\u{7F}"])
    func foreignCharacter(character: String) {
        let valid = "Zm9vYmFy"
        for offset in 0..<valid.count {
            var text = Array(valid)
            text[offset] = Character(character)
            #expect(Base64URL.decode(String(text)) == nil, "\(String(text))")
        }
    }

    @Test(
        "a byte above 0x7F is refused where the length alone would pass",
        arguments: ["Zm9v\u{e9}", "Zm\u{e9}", "Zm9vYm\u{e9}", "\u{e9}\u{e9}", "Zg\u{80}"])
    func nonASCII(text: String) {
        #expect(text.utf8.count % 4 != 1)
        #expect(Base64URL.decode(text) == nil)
    }

    @Test("unused low bits must be zero in both short endings", arguments: ["Zh", "Zm9", "Zm-"])
    func unusedBits(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }
}
