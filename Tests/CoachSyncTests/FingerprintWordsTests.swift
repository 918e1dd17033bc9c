import CoachCrypto
import Testing

@testable import CoachSync

@Suite struct FingerprintWordsTests {
    @Test("The lists hold 256 distinct words each, 512 in all")
    func lists() {
        #expect(FingerprintWords.even.count == 256)
        #expect(FingerprintWords.odd.count == 256)
        #expect(Set(FingerprintWords.even + FingerprintWords.odd).count == 512)
        #expect(FingerprintWords.even.first == "aardvark" && FingerprintWords.even.last == "zulu")
        #expect(
            FingerprintWords.odd.first == "adroitness" && FingerprintWords.odd.last == "yucatan")
    }

    @Test("The PGP word list's published example: E582 94F2 E9A2 2748 6E8B 061B 31CC 528F …")
    func publishedExample() {
        let bytes: [UInt8] = [
            0xE5, 0x82, 0x94, 0xF2, 0xE9, 0xA2, 0x27, 0x48, 0x6E, 0x8B, 0x06, 0x1B, 0x31, 0xCC,
            0x52, 0x8F, 0xD7, 0xFA, 0x3F, 0x19,
        ]
        let expected =
            "topmost istanbul pluto vagabond treadmill pacific brackish dictator goldfish medusa "
            + "afflict bravado chatter revolver dupont midsummer stopwatch whimsical cowbell "
            + "bottomless"
        #expect(FingerprintWords.words(for: bytes).joined(separator: " ") == expected)
    }

    @Test("A device's six words come from SHA-256 of its labelled key; another key differs")
    func deviceWords() {
        let key = [UInt8](repeating: 7, count: 32)
        let digest = Hashing.sha256(AssociatedData("coach/1/device-words").with(key).bytes)
        let words = FingerprintWords.words(signingKey: key)
        #expect(words.count == 6)
        #expect(words == FingerprintWords.words(for: Array(digest.prefix(6))))
        #expect(words[0] == FingerprintWords.even[Int(digest[0])])
        #expect(words[1] == FingerprintWords.odd[Int(digest[1])])
        var other = key
        other[0] ^= 1
        #expect(FingerprintWords.words(signingKey: other) != words)
    }
}
