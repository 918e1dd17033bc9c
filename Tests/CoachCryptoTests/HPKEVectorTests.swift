import Foundation
import Testing

@testable import CoachCrypto

/// RFC 9180's published vectors for base mode, DHKEM(X25519, HKDF-SHA256), HKDF-SHA256 and the
/// AEADs 0x0002 and 0x0003 (Tests/Fixtures/hpke/rfc9180-base-x25519.json, source named inside).
@Suite struct HPKEVectorTests {
    let vectors: [HPKEVector]

    init() throws {
        vectors = try HPKEVectorFile.load().vectors
    }

    func vector(_ aead: HPKEBase.AEAD) throws -> HPKEVector {
        try #require(vectors.first { $0.aeadId == aead.rawValue && $0.mode == 0 })
    }

    @Test(
        "The key pairs, the shared secret and the key schedule equal the RFC's",
        arguments: HPKEBase.AEAD.allCases)
    func keySchedule(aead: HPKEBase.AEAD) throws {
        let v = try vector(aead)
        #expect(v.kemId == 0x20 && v.kdfId == 1)
        let recipient = try HPKEBase.deriveKeyPair(ikm: Hex.decode(v.ikmR))
        #expect(Hex.encode(recipient.publicKey) == v.pkRm)
        #expect(Hex.encode(recipient.secretKey.exportBytes()) == v.skRm)
        let ephemeral = try HPKEBase.deriveKeyPair(ikm: Hex.decode(v.ikmE))
        #expect(Hex.encode(ephemeral.secretKey.exportBytes()) == v.skEm)
        #expect(Hex.encode(ephemeral.publicKey) == v.pkEm)

        let (enc, sender) = try HPKEBase.setupSender(
            recipient: recipient.publicKey, info: Hex.decode(v.info), aead: aead,
            random: FixedRandom(bytes: Hex.decode(v.ikmE)))
        #expect(Hex.encode(enc) == v.enc)
        let receiver = try HPKEBase.setupReceiver(
            enc: enc, recipient: recipient, info: Hex.decode(v.info), aead: aead)
        for schedule in [sender.schedule, receiver.schedule] {
            #expect(Hex.encode(schedule.sharedSecret.exportBytes()) == v.sharedSecret)
            #expect(Hex.encode(schedule.context) == v.keyScheduleContext)
            #expect(Hex.encode(schedule.secret.exportBytes()) == v.secret)
            #expect(Hex.encode(schedule.key.exportBytes()) == v.key)
            #expect(Hex.encode(schedule.baseNonce) == v.baseNonce)
            #expect(Hex.encode(schedule.exporterSecret.exportBytes()) == v.exporterSecret)
        }
    }

    @Test(
        "Every encryption of the vector seals to its ciphertext and opens, in sequence",
        arguments: HPKEBase.AEAD.allCases)
    func encryptions(aead: HPKEBase.AEAD) throws {
        let v = try vector(aead)
        #expect(v.encryptions.count == 257)
        var (sender, receiver) = try contexts(v, aead)
        for (seq, e) in v.encryptions.enumerated() {
            #expect(Hex.encode(sender.nonce(for: UInt64(seq))) == e.nonce)
            let ct = try sender.seal(Hex.decode(e.pt), aad: Hex.decode(e.aad))
            #expect(Hex.encode(ct) == e.ct, "encryption \(seq)")
            #expect(try receiver.open(Hex.decode(e.ct), aad: Hex.decode(e.aad)) == Hex.decode(e.pt))
        }
        #expect(sender.sequence == 257 && receiver.sequence == 257)
    }

    @Test("Every export of the vector equals the RFC's", arguments: HPKEBase.AEAD.allCases)
    func exports(aead: HPKEBase.AEAD) throws {
        let v = try vector(aead)
        #expect(v.exports.count == 3)
        let (sender, receiver) = try contexts(v, aead)
        for x in v.exports {
            let value = Hex.decode(x.exportedValue)
            #expect(try sender.export(Hex.decode(x.exporterContext), length: x.length) == value)
            #expect(try receiver.export(Hex.decode(x.exporterContext), length: x.length) == value)
        }
    }

    @Test(
        "A flipped bit of enc, ciphertext, aad or info, or a wrong key, is refused",
        arguments: HPKEBase.AEAD.allCases)
    func tampering(aead: HPKEBase.AEAD) throws {
        let v = try vector(aead)
        let e = v.encryptions[0]
        let recipient = try HPKEBase.deriveKeyPair(ikm: Hex.decode(v.ikmR))
        let sealed = HPKEBase.Sealed(enc: Hex.decode(v.enc), ciphertext: Hex.decode(e.ct))
        let info = Hex.decode(v.info), aad = Hex.decode(e.aad)
        #expect(
            try HPKEBase.open(sealed, recipient: recipient, info: info, aad: aad, aead: aead)
                == Hex.decode(e.pt))
        var badEnc = sealed
        badEnc.enc[5] ^= 0x01
        var badCiphertext = sealed
        badCiphertext.ciphertext[0] ^= 0x80
        var badTag = sealed
        badTag.ciphertext[badTag.ciphertext.count - 1] ^= 0x01
        for attempt in [badEnc, badCiphertext, badTag] {
            #expect(throws: HPKEError.authenticationFailed) {
                try HPKEBase.open(attempt, recipient: recipient, info: info, aad: aad, aead: aead)
            }
        }
        var flippedAAD = aad
        flippedAAD[0] ^= 0x01
        var flippedInfo = info
        flippedInfo[0] ^= 0x01
        #expect(throws: HPKEError.authenticationFailed) {
            try HPKEBase.open(sealed, recipient: recipient, info: info, aad: flippedAAD, aead: aead)
        }
        #expect(throws: HPKEError.authenticationFailed) {
            try HPKEBase.open(sealed, recipient: recipient, info: flippedInfo, aad: aad, aead: aead)
        }
        let stranger = try HPKEBase.generateKeyPair()
        #expect(throws: HPKEError.authenticationFailed) {
            try HPKEBase.open(sealed, recipient: stranger, info: info, aad: aad, aead: aead)
        }
        let otherAEAD: HPKEBase.AEAD = aead == .aes256GCM ? .chaCha20Poly1305 : .aes256GCM
        #expect(throws: HPKEError.authenticationFailed) {
            try HPKEBase.open(sealed, recipient: recipient, info: info, aad: aad, aead: otherAEAD)
        }
    }

    @Test(
        "A low-order public key, whose shared secret is all zeros, is refused both ways",
        arguments: [
            String(repeating: "00", count: 32),
            "01" + String(repeating: "00", count: 31),
            "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
        ])
    func zeroSharedSecret(point: String) throws {
        let recipient = try HPKEBase.generateKeyPair()
        #expect(throws: HPKEError.zeroSharedSecret) {
            try HPKEBase.setupSender(
                recipient: Hex.decode(point), info: [], aead: .chaCha20Poly1305)
        }
        #expect(throws: HPKEError.zeroSharedSecret) {
            try HPKEBase.setupReceiver(
                enc: Hex.decode(point), recipient: recipient, info: [], aead: .chaCha20Poly1305)
        }
    }

    @Test("Keys of the wrong length are refused before any arithmetic")
    func lengths() throws {
        let recipient = try HPKEBase.generateKeyPair()
        #expect(throws: HPKEError.invalidPublicKey) {
            try HPKEBase.seal([1], to: [1, 2, 3], info: [], aad: [], aead: .chaCha20Poly1305)
        }
        #expect(throws: HPKEError.invalidPublicKey) {
            try HPKEBase.setupReceiver(
                enc: [UInt8](repeating: 9, count: 31), recipient: recipient, info: [],
                aead: .chaCha20Poly1305)
        }
        #expect(throws: HPKEError.invalidSecretKey) { try HPKEBase.deriveKeyPair(ikm: [1, 2]) }
    }

    @Test("A random round trip opens once per message and never out of order")
    func roundTrip() throws {
        let recipient = try HPKEBase.generateKeyPair()
        let message = Array("mood 4".utf8)
        let sealed = try HPKEBase.seal(
            message, to: recipient.publicKey, info: [7], aad: [8], aead: .aes256GCM)
        #expect(sealed.ciphertext.count == message.count + 16)
        #expect(
            try HPKEBase.open(sealed, recipient: recipient, info: [7], aad: [8], aead: .aes256GCM)
                == message)
        var (enc, sender) = try HPKEBase.setupSender(
            recipient: recipient.publicKey, info: [], aead: .chaCha20Poly1305)
        let first = try sender.seal([1], aad: []), second = try sender.seal([2], aad: [])
        var receiver = try HPKEBase.setupReceiver(
            enc: enc, recipient: recipient, info: [], aead: .chaCha20Poly1305)
        #expect(throws: HPKEError.authenticationFailed) { try receiver.open(second, aad: []) }
        #expect(receiver.sequence == 0)
        #expect(try receiver.open(first, aad: []) == [1])
        #expect(try receiver.open(second, aad: []) == [2])
    }

    @Test("One single-shot open of a check-in-sized message is timed (target < 0.2 ms)")
    func openTiming() throws {
        let recipient = try HPKEBase.generateKeyPair()
        let sealed = try HPKEBase.seal(
            [UInt8](repeating: 0x41, count: 512), to: recipient.publicKey, info: [1], aad: [2],
            aead: .aes256GCM)
        let clock = ContinuousClock()
        var samples: [Duration] = []
        for _ in 0..<200 {
            let start = clock.now
            _ = try HPKEBase.open(
                sealed, recipient: recipient, info: [1], aad: [2], aead: .aes256GCM)
            samples.append(clock.now - start)
        }
        let median = samples.sorted()[samples.count / 2]
        let micros =
            Double(median.components.attoseconds) / 1e12 + Double(median.components.seconds) * 1e6
        print("HPKEBase.open of 512 bytes (AES-256-GCM): median \(Int(micros)) µs over 200")
        #expect(samples.count == 200)
    }

    func contexts(_ v: HPKEVector, _ aead: HPKEBase.AEAD) throws
        -> (HPKEBase.Context, HPKEBase.Context)
    {
        let recipient = try HPKEBase.deriveKeyPair(ikm: Hex.decode(v.ikmR))
        let (enc, sender) = try HPKEBase.setupSender(
            recipient: recipient.publicKey, info: Hex.decode(v.info), aead: aead,
            random: FixedRandom(bytes: Hex.decode(v.ikmE)))
        let receiver = try HPKEBase.setupReceiver(
            enc: enc, recipient: recipient, info: Hex.decode(v.info), aead: aead)
        return (sender, receiver)
    }
}
