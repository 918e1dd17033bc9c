import CoachCrypto
import CoachKit

/// Where an athlete's stream stood when one of its key epochs began: the stream sequence the
/// rotating replica had applied and the stream head at that sequence, signed by the user who
/// signed the epoch.
///
/// A rotation carries it on its roster entry (`RosterEpoch.streamMark`), so the rotation is a
/// fixed point of the stream: the server takes the roster push only while the stream still
/// ends there, and every replica refuses a change after that sequence sealed under an older
/// epoch, whatever clock its signer chose.
public struct RosterStreamMark: Codable, Equatable, Sendable {
    /// The last stream sequence before the epoch (0 for an empty stream).
    public var sseq: Int64
    /// The stream head at `sseq` (`StreamChain.genesis` for an empty stream).
    public var head: SyncBytes
    public var signature: SyncBytes

    /// A mark (unsigned unless `signature` is given).
    public init(sseq: Int64, head: [UInt8], signature: [UInt8] = []) {
        self.sseq = sseq
        self.head = SyncBytes(head)
        self.signature = SyncBytes(signature)
    }

    /// The signed bytes: the mark bound to one workspace, athlete, epoch and epoch
    /// commitment, so it cannot be moved to another rotation.
    ///
    /// - Parameters:
    ///   - workspaceId: the workspace the roster belongs to.
    ///   - epoch: the epoch entry the mark travels with.
    /// - Returns: the bytes the epoch's signer signs.
    public func message(workspaceId: String, epoch: RosterEpoch) -> [UInt8] {
        AssociatedData("coach/1/sync-stream-mark").with(
            workspaceId, epoch.athleteId.rawValue, epoch.epoch, epoch.commitment.bytes, sseq,
            head.bytes
        ).bytes
    }

    /// Signs the mark with the key of the user who signed `epoch`.
    public mutating func sign(by signer: SigningKeyPair, workspaceId: String, epoch: RosterEpoch) {
        signature = SyncBytes(signer.sign(message(workspaceId: workspaceId, epoch: epoch)))
    }

    /// Whether the mark is signed by `signPK` for `epoch`, with a well-formed position.
    ///
    /// - Parameters:
    ///   - signPK: the public key of the epoch's signer.
    ///   - workspaceId: the workspace the roster belongs to.
    ///   - epoch: the epoch entry the mark travels with.
    /// - Returns: true when the position is well formed and the signature verifies.
    public func verifies(signPK: [UInt8], workspaceId: String, epoch: RosterEpoch) -> Bool {
        sseq >= 0 && head.bytes.count == StreamChain.genesis.count
            && (sseq > 0 || head.bytes == StreamChain.genesis)
            && SigningKeyPair.verify(
                signature.bytes, of: message(workspaceId: workspaceId, epoch: epoch),
                publicKey: signPK)
    }

    var fields: AssociatedData {
        AssociatedData("stream_mark").with(sseq, head.bytes, signature.bytes)
    }
}
