import Foundation
import Testing

@testable import CoachCrypto

/// Writes Tests/Fixtures/crypto-kat.json. Disabled unless COACH_REGENERATE_FIXTURES=1: the vectors are
/// committed once and every later run must reproduce them; regenerating is a deliberate format change.
///
/// Deterministic parts come from `SeededRandom`; the sealed grant box uses libsodium's own randomness,
/// so its vector is checked by opening it, not by re-sealing.
@Suite struct KATGenerator {
    static func seed(_ tag: UInt8) -> [UInt8] { (0..<32).map { UInt8($0) ^ tag } }

    @Test(
        "Regenerate crypto-kat.json (only with COACH_REGENERATE_FIXTURES=1)",
        .enabled(if: ProcessInfo.processInfo.environment["COACH_REGENERATE_FIXTURES"] == "1"))
    func generate() throws {
        let keys = SeededRandom(seed: Self.seed(0xA5))
        let h = Hex.encode

        // Plain AEAD.
        let aeadKey = keys.bytes(32)
        let aeadSeed = Self.seed(0x01)
        let plain = Array("coach known-answer plaintext".utf8), ad = Array("coach/1/test".utf8)
        let a = try AEAD.seal(
            plain, ad: ad, key: .from(aeadKey), random: SeededRandom(seed: aeadSeed))
        let aead = KAT.AEADVector(
            key: h(aeadKey), plaintext: h(plain), ad: h(ad), seed: h(aeadSeed), nonce: h(a.nonce),
            ciphertext: h(a.ciphertext))

        // Record.
        let dk = keys.bytes(32)
        var record = KAT.RecordVector(
            dataKey: h(dk), athleteId: "0b7e7a8e-52a4-4a0e-9c43-2a1d3c2f9e01", recordId: "w-0001",
            kind: "workout", day: "2026-11-24", epoch: 1, version: 3,
            payload: #"{"id":"w-0001","sport":"cycling","tss":85}"#, seed: h(Self.seed(0x02)),
            recordKey: "", ad: "", nonce: "", ciphertext: "")
        let rk = try Hashing.deriveSubkey(id: 1, context: "records_", from: .from(dk))
        record.recordKey = h(rk.exportBytes())
        record.ad = h(Spec.recordAD(record))
        let r = try AEAD.seal(
            Padding.pad(Array(record.payload.utf8), blockSize: 64), ad: Spec.recordAD(record),
            key: rk,
            random: SeededRandom(seed: Self.seed(0x02)))
        record.nonce = h(r.nonce); record.ciphertext = h(r.ciphertext)

        // Grant (sealed box: random, checked by opening).
        let box = try BoxKeyPair.generate(random: keys)
        let signer = try SigningKeyPair.generate(random: keys)
        let userId = "5d1c9a40-7d4b-4a8e-8f5e-1b2c3d4e5f60"
        let gp = Spec.grantPlaintext(athleteId: record.athleteId, epoch: 2, userId: userId, key: dk)
        let commitment = Hashing.keyedBlake2b(
            Spec.commitmentMessage(athleteId: record.athleteId, epoch: 2), key: try .from(dk))
        var grant = KAT.GrantVector(
            boxPublic: h(box.publicKey), boxSecret: h(box.secretKey.exportBytes()),
            athleteId: record.athleteId, epoch: 2, userId: userId, dataKey: h(dk), plaintext: h(gp),
            commitment: h(commitment), sealed: h(try SealedBox.seal(gp, to: box.publicKey)),
            signerPublic: h(signer.publicKey), signerSecret: h(signer.secretKey.exportBytes()),
            signature: "")
        grant.signature = h(signer.sign(Spec.grantSignatureMessage(grant)))

        // Epoch wrap: epoch 1's key wrapped under epoch 2's.
        let newKey = keys.bytes(32)
        let wk = try Hashing.deriveSubkey(id: 2, context: "epochwrp", from: .from(newKey))
        let w = try AEAD.seal(
            dk, ad: Spec.wrapAD(athleteId: record.athleteId, epoch: 2), key: wk,
            random: SeededRandom(seed: Self.seed(0x03)))
        let wrap = KAT.EpochWrapVector(
            athleteId: record.athleteId, epoch: 2, newKey: h(newKey), oldKey: h(dk),
            wrapKey: h(wk.exportBytes()), seed: h(Self.seed(0x03)), nonce: h(w.nonce),
            ciphertext: h(w.ciphertext))

        // User keys under Argon2id interactive with a fixed salt.
        let kdf = KDFParameters(
            algorithm: KDFParameters.argon2id,
            opsLimit: KDFParameters.Preset.interactive.limits.ops,
            memLimit: KDFParameters.Preset.interactive.limits.mem,
            salt: Array(Self.seed(0x04).prefix(16)))
        let passphrase = "correct horse battery staple"
        let kek = try kdf.deriveKey(passphrase: .from(Array(passphrase.utf8)))
        let secret = box.secretKey.exportBytes() + signer.secretKey.exportBytes()
        var user = KAT.UserKeyVector(
            passphrase: passphrase, salt: h(kdf.salt), opsLimit: kdf.opsLimit,
            memLimit: kdf.memLimit,
            kek: h(kek.exportBytes()), userId: userId, handle: "carol", role: "coach",
            athleteId: "",
            boxPublic: h(box.publicKey), signPublic: h(signer.publicKey), secret: h(secret), ad: "",
            seed: h(Self.seed(0x05)), nonce: "", ciphertext: "")
        user.ad = h(Spec.userAD(user))
        let u = try AEAD.seal(
            secret, ad: Spec.userAD(user), key: kek, random: SeededRandom(seed: Self.seed(0x05)))
        user.nonce = h(u.nonce); user.ciphertext = h(u.ciphertext)

        // Session row and token file.
        let sessionKey = keys.bytes(32)
        let sid = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
        let sad = Spec.sessionAD(id: sid, userId: userId, expires: 1_795_528_800)
        let s = try AEAD.seal(
            secret, ad: sad, key: .from(sessionKey), random: SeededRandom(seed: Self.seed(0x06)))
        let session = KAT.SessionVector(
            sessionId: sid, userId: userId, expires: 1_795_528_800, sessionKey: h(sessionKey),
            handle: "carol", secret: h(secret), ad: h(sad), seed: h(Self.seed(0x06)),
            nonce: h(s.nonce), ciphertext: h(s.ciphertext),
            tokenFile: "coach-session/1\ncarol\n\(sid)\n\(h(sessionKey))\n")

        // Audit entry.
        var audit = KAT.AuditVector(
            seq: 7, prev: h(Hashing.blake2b(Array("entry 6".utf8))), actor: userId,
            action: "athlete.edit", athleteId: record.athleteId, target: "profile",
            targetHash: h(Hashing.blake2b(r.ciphertext)), time: "2026-11-24T06:00:00Z", hash: "",
            signerPublic: h(signer.publicKey), signerSecret: h(signer.secretKey.exportBytes()),
            signature: "")
        let ah = Spec.auditHash(audit)
        audit.hash = h(ah); audit.signature = h(signer.sign(ah))

        let indexKey = keys.bytes(32)
        let tag = KAT.HandleTagVector(
            indexKey: h(indexKey), handle: "jane",
            tag: h(Spec.handleTag("jane", indexKey: try .from(indexKey))))

        let kat = KAT(
            aead: aead, record: record, grant: grant, epochWrap: wrap, userKey: user,
            session: session,
            audit: audit, handleTag: tag)
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try e.encode(kat)
        data.append(10)
        try data.write(to: Fixtures.directory.appendingPathComponent("crypto-kat.json"))
    }
}
