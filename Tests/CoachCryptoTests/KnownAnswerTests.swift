import Foundation
import Testing

@testable import CoachCrypto

/// SECURITY.md test 1 at the primitive level: every format, rebuilt from the spec, reproduces the
/// committed vectors byte for byte (CoachStoreTests checks the real codecs against the same file).
@Suite struct KnownAnswerTests {
    let kat: KAT
    init() throws { kat = try Fixtures.kat() }

    @Test("SeededRandom is reproducible and successive draws differ")
    func seededRandom() {
        let a = SeededRandom(seed: KATGenerator.seed(1)),
            b = SeededRandom(seed: KATGenerator.seed(1))
        let first = a.bytes(24)
        #expect(first == b.bytes(24))
        #expect(a.bytes(24) != first)
        #expect(SeededRandom(seed: KATGenerator.seed(2)).bytes(24) != first)
    }

    @Test("XChaCha20-Poly1305 with a seeded nonce reproduces the committed ciphertext")
    func aead() throws {
        let v = kat.aead
        let sealed = try AEAD.seal(
            Hex.decode(v.plaintext), ad: Hex.decode(v.ad), key: .from(Hex.decode(v.key)),
            random: SeededRandom(seed: Hex.decode(v.seed)))
        #expect(Hex.encode(sealed.nonce) == v.nonce)
        #expect(Hex.encode(sealed.ciphertext) == v.ciphertext)
        let opened = try AEAD.open(
            SealedPayload(nonce: Hex.decode(v.nonce), ciphertext: Hex.decode(v.ciphertext)),
            ad: Hex.decode(v.ad), key: .from(Hex.decode(v.key)))
        #expect(opened == Hex.decode(v.plaintext))
    }

    @Test("Record format: subkey, associated data, padded AEAD and decryption match the vector")
    func record() throws {
        let v = kat.record
        let rk = try Hashing.deriveSubkey(
            id: 1, context: "records_", from: .from(Hex.decode(v.dataKey)))
        #expect(Hex.encode(rk.exportBytes()) == v.recordKey)
        #expect(Hex.encode(Spec.recordAD(v)) == v.ad)
        let sealed = try AEAD.seal(
            Padding.pad(Array(v.payload.utf8), blockSize: 64), ad: Spec.recordAD(v), key: rk,
            random: SeededRandom(seed: Hex.decode(v.seed)))
        #expect(Hex.encode(sealed.nonce) == v.nonce)
        #expect(Hex.encode(sealed.ciphertext) == v.ciphertext)
        let padded = try AEAD.open(
            SealedPayload(nonce: Hex.decode(v.nonce), ciphertext: Hex.decode(v.ciphertext)),
            ad: Hex.decode(v.ad), key: rk)
        #expect(padded.count % 64 == 0)
        #expect(
            String(decoding: try Padding.unpad(padded, blockSize: 64), as: UTF8.self) == v.payload)
    }

    @Test(
        "Grant format: the committed sealed box opens to the ids and key, matching commitment and signature"
    )
    func grant() throws {
        let v = kat.grant
        let keys = BoxKeyPair(
            publicKey: Hex.decode(v.boxPublic), secretKey: try .from(Hex.decode(v.boxSecret)))
        let opened = try SealedBox.open(Hex.decode(v.sealed), with: keys).exportBytes()
        #expect(opened == Hex.decode(v.plaintext))
        #expect(
            opened
                == Spec.grantPlaintext(
                    athleteId: v.athleteId, epoch: v.epoch, userId: v.userId,
                    key: Hex.decode(v.dataKey)))
        let commitment = Hashing.keyedBlake2b(
            Spec.commitmentMessage(athleteId: v.athleteId, epoch: v.epoch),
            key: try .from(Hex.decode(v.dataKey)))
        #expect(Hex.encode(commitment) == v.commitment)
        let message = Spec.grantSignatureMessage(v)
        #expect(
            SigningKeyPair.verify(
                Hex.decode(v.signature), of: message, publicKey: Hex.decode(v.signerPublic)))
        let signer = SigningKeyPair(
            publicKey: Hex.decode(v.signerPublic), secretKey: try .from(Hex.decode(v.signerSecret)))
        #expect(Hex.encode(signer.sign(message)) == v.signature, "Ed25519 is deterministic")
    }

    @Test("Epoch wrap: the older data key wrapped under the newer one reproduces the vector")
    func epochWrap() throws {
        let v = kat.epochWrap
        let wk = try Hashing.deriveSubkey(
            id: 2, context: "epochwrp", from: .from(Hex.decode(v.newKey)))
        #expect(Hex.encode(wk.exportBytes()) == v.wrapKey)
        let sealed = try AEAD.seal(
            Hex.decode(v.oldKey), ad: Spec.wrapAD(athleteId: v.athleteId, epoch: v.epoch), key: wk,
            random: SeededRandom(seed: Hex.decode(v.seed)))
        #expect(
            Hex.encode(sealed.nonce) == v.nonce && Hex.encode(sealed.ciphertext) == v.ciphertext)
    }

    @Test(
        "User-key format: Argon2id interactive with a fixed salt gives the committed KEK and sealed keys"
    )
    func userKey() throws {
        let v = kat.userKey
        let kdf = KDFParameters(
            algorithm: KDFParameters.argon2id, opsLimit: v.opsLimit, memLimit: v.memLimit,
            salt: Hex.decode(v.salt))
        let kek = try kdf.deriveKey(passphrase: .from(Array(v.passphrase.utf8)))
        #expect(Hex.encode(kek.exportBytes()) == v.kek)
        #expect(Hex.encode(Spec.userAD(v)) == v.ad)
        let sealed = try AEAD.seal(
            Hex.decode(v.secret), ad: Spec.userAD(v), key: kek,
            random: SeededRandom(seed: Hex.decode(v.seed)))
        #expect(
            Hex.encode(sealed.nonce) == v.nonce && Hex.encode(sealed.ciphertext) == v.ciphertext)
        let opened = try AEAD.open(
            SealedPayload(nonce: Hex.decode(v.nonce), ciphertext: Hex.decode(v.ciphertext)),
            ad: Hex.decode(v.ad), key: kek)
        #expect(opened == Hex.decode(v.secret))
    }

    @Test("Session format: row ciphertext and token file match the vector")
    func session() throws {
        let v = kat.session
        let ad = Spec.sessionAD(id: v.sessionId, userId: v.userId, expires: v.expires)
        #expect(Hex.encode(ad) == v.ad)
        let sealed = try AEAD.seal(
            Hex.decode(v.secret), ad: ad, key: .from(Hex.decode(v.sessionKey)),
            random: SeededRandom(seed: Hex.decode(v.seed)))
        #expect(
            Hex.encode(sealed.nonce) == v.nonce && Hex.encode(sealed.ciphertext) == v.ciphertext)
        #expect(v.tokenFile == "coach-session/1\n\(v.handle)\n\(v.sessionId)\n\(v.sessionKey)\n")
    }

    @Test("Audit entry: chained hash and Ed25519 signature match the vector")
    func audit() throws {
        let v = kat.audit
        #expect(Hex.encode(Spec.auditHash(v)) == v.hash)
        let signer = SigningKeyPair(
            publicKey: Hex.decode(v.signerPublic), secretKey: try .from(Hex.decode(v.signerSecret)))
        #expect(Hex.encode(signer.sign(Hex.decode(v.hash))) == v.signature)
    }

    @Test("Handle tag: keyed BLAKE2b-128 of the handle under the index key")
    func handleTag() throws {
        let v = kat.handleTag
        #expect(
            Hex.encode(Spec.handleTag(v.handle, indexKey: try .from(Hex.decode(v.indexKey))))
                == v.tag)
    }
}
