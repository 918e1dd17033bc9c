import Foundation
import Testing

@testable import CoachCrypto

/// Lowercase hex <-> bytes for fixtures.
enum Hex {
    static func encode(_ bytes: [UInt8]) -> String { Hashing.hex(bytes) }

    static func decode(_ text: String) -> [UInt8] {
        let chars = Array(text.utf8)
        precondition(chars.count % 2 == 0, "odd-length hex in a fixture")
        func v(_ c: UInt8) -> UInt8 {
            switch c {
            case 48...57: c - 48
            case 97...102: c - 87
            case 65...70: c - 55
            default: preconditionFailure("bad hex digit in a fixture")
            }
        }
        return stride(from: 0, to: chars.count, by: 2).map { v(chars[$0]) << 4 | v(chars[$0 + 1]) }
    }
}

/// A random source that hands out fixed bytes (for published vectors with a given nonce).
struct FixedRandom: RandomSource {
    let bytes: [UInt8]
    func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        precondition(buffer.count == bytes.count, "FixedRandom asked for \(buffer.count) bytes")
        buffer.copyBytes(from: bytes)
    }
}

extension SecretKey {
    /// A secret key holding a copy of `bytes`.
    static func from(_ bytes: [UInt8]) throws -> SecretKey {
        var copy = bytes
        return try SecretKey(consuming: &copy)
    }
}

/// Committed test files under Tests/Fixtures. A missing fixture is a failure, never regenerated silently.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func data(_ name: String) throws -> Data {
        let path = directory.appendingPathComponent(name).path
        guard let data = FileManager.default.contents(atPath: path) else {
            Issue.record(
                "missing fixture \(path); regenerate deliberately with COACH_REGENERATE_FIXTURES=1 swift test --filter KATGenerator"
            )
            throw CocoaError(.fileNoSuchFile)
        }
        return data
    }

    static func kat() throws -> KAT {
        try JSONDecoder().decode(KAT.self, from: try data("crypto-kat.json"))
    }
}

/// The known-answer vectors of coach's on-disk formats (Tests/Fixtures/crypto-kat.json).
struct KAT: Codable {
    struct AEADVector: Codable { var key, plaintext, ad, seed, nonce, ciphertext: String }
    struct RecordVector: Codable {
        var dataKey, athleteId, recordId, kind, day: String
        var epoch, version: Int
        var payload, seed, recordKey, ad, nonce, ciphertext: String
    }
    struct GrantVector: Codable {
        var boxPublic, boxSecret, athleteId: String
        var epoch: Int
        var userId, dataKey, plaintext, commitment, sealed, signerPublic, signerSecret,
            signature: String
    }
    struct EpochWrapVector: Codable {
        var athleteId: String
        var epoch: Int
        var newKey, oldKey, wrapKey, seed, nonce, ciphertext: String
    }
    struct UserKeyVector: Codable {
        var passphrase, salt: String
        var opsLimit, memLimit: UInt64
        var kek, userId, handle, role, athleteId, boxPublic, signPublic, secret, ad, seed, nonce,
            ciphertext: String
    }
    struct SessionVector: Codable {
        var sessionId, userId: String
        var expires: Int64
        var sessionKey, handle, secret, ad, seed, nonce, ciphertext, tokenFile: String
    }
    struct AuditVector: Codable {
        var seq: Int64
        var prev, actor, action, athleteId, target, targetHash, time, hash, signerPublic,
            signerSecret, signature: String
    }
    struct HandleTagVector: Codable { var indexKey, handle, tag: String }

    var aead: AEADVector
    var record: RecordVector
    var grant: GrantVector
    var epochWrap: EpochWrapVector
    var userKey: UserKeyVector
    var session: SessionVector
    var audit: AuditVector
    var handleTag: HandleTagVector
}

/// The format definitions as SECURITY.md specifies them, written out independently of CoachStore.
enum Spec {
    static func recordAD(_ r: KAT.RecordVector) -> [UInt8] {
        AssociatedData("coach/1/record").with(
            r.athleteId, r.recordId, r.kind, r.day, r.epoch, r.version
        ).bytes
    }
    static func grantPlaintext(athleteId: String, epoch: Int, userId: String, key: [UInt8])
        -> [UInt8]
    {
        AssociatedData("coach/1/grant").with(athleteId, epoch, userId, key).bytes
    }
    static func commitmentMessage(athleteId: String, epoch: Int) -> [UInt8] {
        AssociatedData("coach/1/commit").with(athleteId, epoch).bytes
    }
    static func grantSignatureMessage(_ g: KAT.GrantVector) -> [UInt8] {
        AssociatedData("coach/1/grant-sig").with(
            g.athleteId, g.epoch, g.userId, Hashing.blake2b(Hex.decode(g.sealed)),
            Hex.decode(g.commitment)
        ).bytes
    }
    static func wrapAD(athleteId: String, epoch: Int) -> [UInt8] {
        AssociatedData("coach/1/epochwrap").with(athleteId, epoch).bytes
    }
    static func userAD(_ u: KAT.UserKeyVector) -> [UInt8] {
        AssociatedData("coach/1/user").with(
            u.userId, u.handle, u.role, u.athleteId, Hex.decode(u.boxPublic),
            Hex.decode(u.signPublic), KDFParameters.argon2id, Int64(u.opsLimit),
            Int64(u.memLimit), Hex.decode(u.salt)
        ).bytes
    }
    static func sessionAD(id: String, userId: String, expires: Int64) -> [UInt8] {
        AssociatedData("coach/1/session").with(id, userId, expires).bytes
    }
    static func auditHash(_ a: KAT.AuditVector) -> [UInt8] {
        Hashing.blake2b(
            AssociatedData("coach/1/audit").with(
                a.seq, Hex.decode(a.prev), a.actor, a.action, a.athleteId,
                a.target, Hex.decode(a.targetHash), a.time
            ).bytes)
    }
    static func handleTag(_ handle: String, indexKey: SecretKey) -> [UInt8] {
        Hashing.keyedBlake2b(
            AssociatedData("coach/1/handle").with(handle).bytes, key: indexKey, length: 16)
    }
}
