import Foundation
import Testing

@testable import CoachCrypto

/// Published test vectors, so the known-answer fixtures are anchored to libsodium behaving as specified.
@Suite struct ExternalVectorTests {
    @Test("XChaCha20-Poly1305 vector from draft-irtf-cfrg-xchacha §A.3.1")
    func xchacha() throws {
        let key = Array(0x80...0x9f).map(UInt8.init)
        let nonce = Array(0x40...0x57).map(UInt8.init)
        let ad = Hex.decode("50515253c0c1c2c3c4c5c6c7")
        let plaintext = Array(
            "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it."
                .utf8)
        let expected =
            "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b4522f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff921f9664c97637da9768812f615c68b13b52e"
            + "c0875924c1c7987947deafd8780acf49"
        let sealed = try AEAD.seal(
            plaintext, ad: ad, key: .from(key), random: FixedRandom(bytes: nonce))
        #expect(Hex.encode(sealed.ciphertext) == expected)
        #expect(try AEAD.open(sealed, ad: ad, key: .from(key)) == plaintext)
    }

    @Test(
        "Hash vectors: BLAKE2b-256 and SHA-256",
        arguments: [
            ("blake2b", "", "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8"),
            ("sha256", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("sha256", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ])
    func hashes(function: String, message: String, digest: String) {
        let m = Array(message.utf8)
        #expect(
            Hex.encode(function == "blake2b" ? Hashing.blake2b(m) : Hashing.sha256(m)) == digest)
    }

    @Test("Ed25519 vector from RFC 8032 §7.1 test 1")
    func ed25519() throws {
        let seed = Hex.decode("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
        let pk = Hex.decode("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
        let signer = SigningKeyPair(publicKey: pk, secretKey: try .from(seed + pk))
        let sig =
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
        #expect(Hex.encode(signer.sign([])) == sig)
        #expect(SigningKeyPair.verify(Hex.decode(sig), of: [], publicKey: pk))
        #expect(!SigningKeyPair.verify(Hex.decode(sig), of: [0], publicKey: pk))
    }

    @Test(
        "HMAC-SHA256 vectors from RFC 4231 (tests 1, 2 and 6: short, text and 131-byte keys)",
        arguments: [
            (
                String(repeating: "0b", count: 20), "4869205468657265",
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                "4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                String(repeating: "aa", count: 131),
                "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579"
                    + "202d2048617368204b6579204669727374",
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
        ])
    func hmac(key: String, message: String, tag: String) {
        #expect(Hex.encode(Hashing.hmacSHA256(Hex.decode(message), key: Hex.decode(key))) == tag)
    }
}
