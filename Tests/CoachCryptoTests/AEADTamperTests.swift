import Foundation
import Testing

@testable import CoachCrypto

/// SECURITY.md test 2: flipping any byte of nonce, ciphertext or tag (or the associated data) fails
/// and yields no plaintext.
@Suite struct AEADTamperTests {
    enum Region: String, Sendable, CustomTestStringConvertible {
        case nonce, body, tag, ad
        var testDescription: String { rawValue }
    }

    static let plaintext = Array("athlete note: knee pain after long run".utf8)
    static let ad = AssociatedData("coach/1/record").with(
        "athlete", "rec-1", "wellness", "2026-11-24", 1, 1
    ).bytes

    static func sealed() throws -> (SealedPayload, SecretKey) {
        let key = try SecretKey.random()
        return (try AEAD.seal(plaintext, ad: ad, key: key), key)
    }

    @Test(
        "A flipped byte at a named position is rejected",
        arguments: [
            (Region.nonce, 0), (.nonce, 12), (.nonce, 23), (.body, 0), (.body, 19), (.body, 37),
            (.tag, 0), (.tag, 8), (.tag, 15), (.ad, 0), (.ad, 4), (.ad, -1),
        ])
    func flipped(region: Region, position: Int) throws {
        var (sealed, key) = try Self.sealed()
        var ad = Self.ad
        let bodyCount = sealed.ciphertext.count - AEAD.tagBytes
        switch region {
        case .nonce: sealed.nonce[position] ^= 0x01
        case .body: sealed.ciphertext[position] ^= 0x80
        case .tag: sealed.ciphertext[bodyCount + position] ^= 0x01
        case .ad: ad[position < 0 ? ad.count + position : position] ^= 0x01
        }
        #expect(throws: CryptoError.authenticationFailed) {
            try AEAD.open(sealed, ad: ad, key: key)
        }
        // The untouched payload still opens, so the failure above is the flip's doing.
        let (good, goodKey) = try Self.sealed()
        #expect(try AEAD.open(good, ad: Self.ad, key: goodKey) == Self.plaintext)
    }

    @Test(
        "Every byte of nonce and ciphertext, flipped with several masks, fails to open",
        arguments: [0x01, 0x80, 0xff] as [UInt8])
    func exhaustive(mask: UInt8) throws {
        let (sealed, key) = try Self.sealed()
        let total = sealed.nonce.count + sealed.ciphertext.count
        var opened = 0
        for i in 0..<total {
            var t = sealed
            if i < t.nonce.count {
                t.nonce[i] ^= mask
            } else {
                t.ciphertext[i - t.nonce.count] ^= mask
            }
            if (try? AEAD.open(t, ad: Self.ad, key: key)) != nil { opened += 1 }
        }
        #expect(opened == 0)
        #expect(total == 24 + Self.plaintext.count + 16)
    }

    @Test(
        "Truncated, extended or empty ciphertexts and wrong-length nonces are rejected",
        arguments: [
            "drop-last", "drop-first", "append", "empty", "short-nonce", "long-nonce", "tag-only",
        ])
    func malformed(change: String) throws {
        var (sealed, key) = try Self.sealed()
        switch change {
        case "drop-last": sealed.ciphertext.removeLast()
        case "drop-first": sealed.ciphertext.removeFirst()
        case "append": sealed.ciphertext.append(0)
        case "empty": sealed.ciphertext = []
        case "short-nonce": sealed.nonce.removeLast()
        case "long-nonce": sealed.nonce.append(0)
        default: sealed.ciphertext = Array(sealed.ciphertext.suffix(AEAD.tagBytes))
        }
        #expect(throws: CryptoError.authenticationFailed) {
            try AEAD.open(sealed, ad: Self.ad, key: key)
        }
    }

    @Test("Another key, or a key of the wrong length, opens nothing")
    func wrongKey() throws {
        let (sealed, _) = try Self.sealed()
        #expect(throws: CryptoError.authenticationFailed) {
            try AEAD.open(sealed, ad: Self.ad, key: try SecretKey.random())
        }
        #expect(throws: CryptoError.invalidLength(what: "encryption key")) {
            try AEAD.open(sealed, ad: Self.ad, key: try SecretKey.random(count: 16))
        }
    }

    @Test("Two seals of the same plaintext use different nonces and ciphertexts")
    func freshNonces() throws {
        let key = try SecretKey.random()
        let a = try AEAD.seal(Self.plaintext, ad: Self.ad, key: key),
            b = try AEAD.seal(Self.plaintext, ad: Self.ad, key: key)
        #expect(a.nonce != b.nonce && a.ciphertext != b.ciphertext)
        #expect(a.nonce.count == AEAD.nonceBytes)
    }
}
