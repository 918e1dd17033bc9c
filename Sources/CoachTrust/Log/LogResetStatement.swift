import CoachCrypto
import CoachKit

/// The owner's statement that the club server's log was reset: after the server lost its
/// newest entries (a database restored from an older dump), the log of `restoredSize` entries
/// with root `restoredRoot` (and the roster at head `restoredRosterHead`) is the one to go on
/// from, and the log of `lostSize` entries with root `lostRoot` is given up.
///
/// Clients that verified more than the restored log refuse it (`LogFailure.rolledBack`) until
/// a statement with a higher `counter` than any they accepted names it, so a server cannot
/// roll clients back on its own. The byte form is strict and versioned.
public struct LogResetStatement: Equatable, Sendable {
    /// The version of the byte form this type writes and reads.
    public static let formatVersion = 1

    public var workspaceId: String
    /// The number of the reset, from 1, one more than the previous one's.
    public var counter: UInt64
    /// The size of the log as restored.
    public var restoredSize: UInt64
    /// The root of the log as restored.
    public var restoredRoot: [UInt8]
    /// The head of the roster chain as restored.
    public var restoredRosterHead: [UInt8]
    /// The size of the log that was lost (the largest the owner verified).
    public var lostSize: UInt64
    /// The root of the log that was lost.
    public var lostRoot: [UInt8]
    /// When the owner signed the statement, in Unix milliseconds.
    public var time: Int64
    /// The owner's signature.
    public var signature: [UInt8]

    /// A statement with every signed field (unsigned unless `signature` is given).
    public init(
        workspaceId: String, counter: UInt64, restoredSize: UInt64, restoredRoot: [UInt8],
        restoredRosterHead: [UInt8], lostSize: UInt64, lostRoot: [UInt8], time: Int64,
        signature: [UInt8] = []
    ) {
        self.workspaceId = workspaceId
        self.counter = counter
        self.restoredSize = restoredSize
        self.restoredRoot = restoredRoot
        self.restoredRosterHead = restoredRosterHead
        self.lostSize = lostSize
        self.lostRoot = lostRoot
        self.time = time
        self.signature = signature
    }

    /// The bytes the owner signs.
    public var message: [UInt8] {
        AssociatedData("coach/1/log-reset").with(
            workspaceId, Int64(bitPattern: counter), Int64(bitPattern: restoredSize),
            restoredRoot, restoredRosterHead, Int64(bitPattern: lostSize), lostRoot, time
        ).bytes
    }

    /// Signs the statement with the owner's key.
    public mutating func sign(by owner: SigningKeyPair) {
        signature = owner.sign(message)
    }

    /// Whether the statement is for `anchor`'s workspace and signed by its owner.
    public func valid(anchor: TrustAnchor) -> Bool {
        workspaceId == anchor.workspaceId
            && SigningKeyPair.verify(signature, of: message, publicKey: anchor.ownerSignPK)
    }

    /// The canonical byte form: magic byte and version, then the fields in their signed order
    /// and the owner's signature.
    public func encoded() -> [UInt8] {
        var writer = LogByteForm.writer(magic: LogByteForm.resetMagic, version: Self.formatVersion)
        writer.id(workspaceId)
        writer.varint(counter)
        writer.varint(restoredSize)
        writer.raw(restoredRoot)
        writer.raw(restoredRosterHead)
        writer.varint(lostSize)
        writer.raw(lostRoot)
        LogByteForm.write(time: time, to: &writer)
        writer.raw(signature)
        return writer.bytes
    }

    /// Reads the byte form `encoded()` writes, strictly (see `SignedTreeHead.decode(_:)`); a
    /// counter of 0 is refused.
    ///
    /// - Parameter bytes: the statement as received or stored.
    /// - Returns: the statement; whether it is valid is a separate check.
    /// - Throws: `LogFailure.malformed` or `.unsupportedVersion`.
    public static func decode(_ bytes: [UInt8]) throws(LogFailure) -> LogResetStatement {
        let what = "a log-reset statement"
        let hash = LogByteForm.hashBytes
        var reader = try LogByteForm.reader(
            bytes, magic: LogByteForm.resetMagic, version: formatVersion, what: what)
        guard let workspace = reader.id(), !workspace.isEmpty,
            let counter = reader.varint(), counter >= 1, let restoredSize = reader.varint(),
            let restoredRoot = reader.raw(hash), let rosterHead = reader.raw(hash),
            let lostSize = reader.varint(), let lostRoot = reader.raw(hash),
            let time = LogByteForm.time(&reader),
            let signature = reader.raw(SigningKeyPair.signatureBytes), reader.atEnd
        else { throw .malformed(what) }
        return LogResetStatement(
            workspaceId: workspace, counter: counter, restoredSize: restoredSize,
            restoredRoot: restoredRoot, restoredRosterHead: rosterHead, lostSize: lostSize,
            lostRoot: lostRoot, time: time, signature: signature)
    }
}
