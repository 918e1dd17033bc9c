import CoachCrypto
import Crypto
import Foundation
import Testing

/// `HPKEBase` (libsodium) against swift-crypto's `HPKE` (BoringSSL), an implementation written
/// by others: random keys, messages, info and aad, sealed by one and opened by the other.
@Suite struct HPKECrossTests {
    static let pairs: [(HPKEBase.AEAD, HPKE.Ciphersuite)] = [
        (
            .aes256GCM,
            HPKE.Ciphersuite(kem: .Curve25519_HKDF_SHA256, kdf: .HKDF_SHA256, aead: .AES_GCM_256)
        ),
        (
            .chaCha20Poly1305,
            HPKE.Ciphersuite(kem: .Curve25519_HKDF_SHA256, kdf: .HKDF_SHA256, aead: .chaChaPoly)
        ),
    ]

    @Test("100 random messages each way for each AEAD: each side opens what the other sealed")
    func bothWays() throws {
        var generator = SystemRandomNumberGenerator()
        func random(_ count: Int) -> [UInt8] { (0..<count).map { _ in generator.next() } }
        for (aead, suite) in Self.pairs {
            for round in 0..<100 {
                let message = random(Int.random(in: 0...700, using: &generator))
                let info = random(round % 40), aad = random((round * 7) % 90)

                // swift-crypto seals to an HPKEBase key; HPKEBase opens.
                let ours = try HPKEBase.generateKeyPair()
                var sender = try HPKE.Sender(
                    recipientKey: try Curve25519.KeyAgreement.PublicKey(
                        rawRepresentation: ours.publicKey),
                    ciphersuite: suite, info: Data(info))
                let theirCiphertext = try sender.seal(message, authenticating: aad)
                let sealed = HPKEBase.Sealed(
                    enc: [UInt8](sender.encapsulatedKey), ciphertext: [UInt8](theirCiphertext))
                #expect(
                    try HPKEBase.open(sealed, recipient: ours, info: info, aad: aad, aead: aead)
                        == message)

                // HPKEBase seals to a swift-crypto key; swift-crypto opens.
                let theirs = Curve25519.KeyAgreement.PrivateKey()
                let ourSealed = try HPKEBase.seal(
                    message, to: [UInt8](theirs.publicKey.rawRepresentation), info: info,
                    aad: aad, aead: aead)
                var recipient = try HPKE.Recipient(
                    privateKey: theirs, ciphersuite: suite, info: Data(info),
                    encapsulatedKey: Data(ourSealed.enc))
                let opened = try recipient.open(ourSealed.ciphertext, authenticating: aad)
                #expect([UInt8](opened) == message)
            }
        }
    }
}
