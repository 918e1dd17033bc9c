import CoachCrypto
import CoachKit

/// One record change as it is signed, stored and synced: an immutable envelope of a
/// plaintext header and a sealed body, signed by the device that made it.
///
/// The header names the workspace, the stream (an athlete's data, or the roster), the object
/// with its kind and day, the operation, the version it replaces, the hybrid logical clock, the
/// device and its user, the key epoch the body is sealed under, and the device's change
/// counter with the hash of its previous change (a per-device hash chain). The signature
/// covers the header and a hash of the body, so neither can be changed or moved alone. The
/// byte form (`encoded()`, `decode(_:)`) is canonical and versioned: compact fields in a fixed
/// order (version 2), nothing depending on a text format's field order; the version-1 form of
/// length-prefixed fields still reads. The signed message does not depend on the byte form.
/// A change may name the club server's log as its device had verified it (`seen`), signed
/// with the change (signed version 2, byte form version 3), so a replica applying it can
/// demand proof that the log it is served extends what the author saw.
public struct ChangeEnvelope: Equatable, Sendable {
    /// The version of the byte form this type writes for an envelope without `seen`; it
    /// reads this one, version 1 and `seenFormatVersion`.
    public static let formatVersion = 2
    /// The version the signed message and the change hash name: the same for every byte form,
    /// so an envelope re-encoded in another form keeps its signature and its place in chains.
    public static let signedVersion = 1
    /// The byte form of an envelope that names a `seen` log position (version 2 has none).
    public static let seenFormatVersion = 3
    /// The signed message's version for an envelope that names a `seen` log position.
    public static let seenSignedVersion = 2
    /// The byte form of a redacted envelope without `seen`: version 2 with the body's hash in
    /// place of the body.
    public static let redactedFormatVersion = 4
    /// The byte form of a redacted envelope that names a `seen` log position.
    public static let redactedSeenFormatVersion = 5
    /// The largest sealed body accepted: 64 KiB.
    public static let maxBodyBytes = 65_536
    /// The length of a change hash (BLAKE2b-256).
    public static let hashBytes = 32
    /// The largest base version, epoch and sequence a change may carry (2^53): the next of each
    /// stays exact as an `Int64`, an `Int` and a JSON number, so no reader's arithmetic traps.
    public static let maxCounter: Int64 = 1 << 53
    /// The previous-change hash of a device's first change.
    public static let genesisHash = [UInt8](repeating: 0, count: hashBytes)

    public var workspaceId: String
    public var stream: ChangeStream
    /// The record id in its stored text form.
    public var object: String
    public var kind: String
    /// The record's day (`YYYY-MM-DD`), or empty for records without one.
    public var day: String
    public var operation: ChangeOperation
    /// The version this change replaces (0 creates); the new version is one more.
    public var baseVersion: Int64
    public var clock: HybridTimestamp
    public var device: DeviceID
    public var author: UserID
    public var epoch: Int64
    /// The device's change counter, from 1.
    public var sequence: Int64
    /// The hash of the device's previous change (`genesisHash` before its first).
    public var previousHash: [UInt8]
    /// The sealed body: nonce and ciphertext (empty for a delete's tombstone, if so sealed,
    /// and for a redacted envelope).
    public var body: [UInt8]
    /// The hash of the body a redacted envelope no longer holds (nil: not redacted). The
    /// signature and the change hash cover it as they cover a present body's hash.
    public var redactedBodyHash: [UInt8]?
    /// The club server's log as the device had verified it when it signed (nil: none named).
    public var seen: LogPosition?
    public var signature: [UInt8]

    /// An envelope with every field (unsigned unless `signature` is given).
    public init(
        workspaceId: String, stream: ChangeStream, object: String, kind: String, day: String,
        operation: ChangeOperation, baseVersion: Int64, clock: HybridTimestamp,
        device: DeviceID, author: UserID, epoch: Int64, sequence: Int64,
        previousHash: [UInt8], body: [UInt8], seen: LogPosition? = nil,
        signature: [UInt8] = []
    ) {
        self.workspaceId = workspaceId
        self.stream = stream
        self.object = object
        self.kind = kind
        self.day = day
        self.operation = operation
        self.baseVersion = baseVersion
        self.clock = clock
        self.device = device
        self.author = author
        self.epoch = epoch
        self.sequence = sequence
        self.previousHash = previousHash
        self.body = body
        self.seen = seen
        self.signature = signature
    }

    /// The version of the object after this change.
    public var version: Int64 { baseVersion + 1 }

    /// BLAKE2b-256 of the sealed body (kept as `redactedBodyHash` once the body is dropped).
    public var bodyHash: [UInt8] { redactedBodyHash ?? Hashing.blake2b(body) }

    /// Whether the body was dropped and only its hash kept.
    public var isRedacted: Bool { redactedBodyHash != nil }

    /// This change without its body: the header, the body's hash and the signature, so its
    /// signature, change hash, chains and log leaf stay what they were.
    public func redacted() -> ChangeEnvelope {
        var copy = self
        copy.redactedBodyHash = bodyHash
        copy.body = []
        return copy
    }

    /// The header fields in their canonical order, after a domain label; with a `seen`
    /// position, signed version 2 and the position's size and root after them.
    private func header(_ label: String) -> AssociatedData {
        let fields = AssociatedData(label).with(
            seen == nil ? Self.signedVersion : Self.seenSignedVersion, workspaceId, stream.tag,
            stream.id, object, kind, day, Int(operation.rawValue), baseVersion,
            Int64(bitPattern: clock.packed), device.rawValue, author.rawValue, epoch, sequence,
            previousHash)
        guard let seen else { return fields }
        return fields.with(Int64(bitPattern: seen.size), seen.root)
    }

    /// The bytes the device signs: the header and the body's hash.
    public var signedMessage: [UInt8] { header("coach/1/change").with(bodyHash).bytes }

    /// The hash the device's next change names as its previous one: over the signed message
    /// and the signature, so it covers the body too.
    public var hash: [UInt8] {
        Hashing.blake2b(AssociatedData("coach/1/change-hash").with(signedMessage, signature).bytes)
    }

    /// Signs the envelope with the device's key.
    public mutating func sign(by device: SigningKeyPair) {
        signature = device.sign(signedMessage)
    }

    /// Whether the signature is `devicePK`'s over this envelope.
    public func signatureValid(devicePK: [UInt8]) -> Bool {
        SigningKeyPair.verify(signature, of: signedMessage, publicKey: devicePK)
    }

    /// The version-1 byte form: the header's length-prefixed fields, the signature and the
    /// body. Read still; written only for stores and peers that need it. It has no place for
    /// `seen` or a redacted body's hash: the form of such an envelope does not read back.
    public func encodedVersion1() -> [UInt8] {
        header("coach/1/change-envelope").with(signature, body).bytes
    }
}
