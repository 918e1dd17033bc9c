import Testing

@testable import CoachCrypto

/// An athlete epoch's inbox key: the KDF subkey "inbox___" of the epoch key with the epoch as
/// id, its public half by X25519, so every holder of the epoch key derives the same pair.
@Suite struct InboxKeyDerivationTests {
    static let epochKey: [UInt8] = (0..<32).map { UInt8($0 &* 7 &+ 3) }

    @Test(
        "the secret is the epoch key's 'inbox___' subkey with the epoch as id",
        arguments: [1, 2, 9])
    func secretIsTheSubkey(epoch: Int) throws {
        let pair = try HPKEBase.inboxKeyPair(epochKey: .from(Self.epochKey), epoch: epoch)
        let subkey = try Hashing.deriveSubkey(
            id: UInt64(epoch), context: "inbox___", from: .from(Self.epochKey))
        #expect(pair.secretKey.withBytes { Array($0) } == subkey.withBytes { Array($0) })
        #expect(try pair.publicKey == subkey.withBytes { try Sodium.x25519Base(Array($0)) })
    }

    @Test("what is sealed to the public half opens with the pair, for that epoch only")
    func sealsAndOpens() throws {
        let one = try HPKEBase.inboxKeyPair(epochKey: .from(Self.epochKey), epoch: 1)
        let two = try HPKEBase.inboxKeyPair(epochKey: .from(Self.epochKey), epoch: 2)
        #expect(one.publicKey != two.publicKey)
        let sealed = try HPKEBase.seal(
            Array("mood 4".utf8), to: one.publicKey, info: [1], aad: [2],
            aead: .chaCha20Poly1305)
        let opened = try HPKEBase.open(
            sealed, recipient: one, info: [1], aad: [2], aead: .chaCha20Poly1305)
        #expect(opened == Array("mood 4".utf8))
        #expect(throws: HPKEError.self) {
            try HPKEBase.open(sealed, recipient: two, info: [1], aad: [2], aead: .chaCha20Poly1305)
        }
    }

    @Test("an epoch below 1 is refused")
    func epochZero() throws {
        #expect(throws: CryptoError.self) {
            try HPKEBase.inboxKeyPair(epochKey: .from(Self.epochKey), epoch: 0)
        }
    }
}
