import CoachSync
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
}
