import CoachCrypto
import CoachKit

/// Holds a club server's log to what clients have verified: pure steps on values, with no
/// database, no network and no secret key.
///
/// A client keeps the last tree head it verified. A served head counts only when it is of this
/// workspace, signed by a log key the owner certified (`LogKeyCertificate`) and consistent
/// with the held one by an RFC 9162 consistency proof: a smaller log is a rollback, the same
/// size with another root or a failed proof is a fork, and both name the sizes. The other
/// checks hold changes, devices' `seen` positions, owner checkpoints and log resets to the
/// served head the same way.
public struct LogVerifier: Sendable {
    /// The outcome of a served head that checks out.
    public enum Step: Equatable, Sendable {
        /// The log grew: the served head is the new one to hold.
        case advanced(SignedTreeHead)
        /// The log is the one held (same size and root).
        case unchanged
    }

    /// The workspace and its owner, who certifies log keys and signs checkpoints and resets.
    public let anchor: TrustAnchor
    /// The owner's certificates of log keys (invalid ones count for nothing).
    public let certificates: [LogKeyCertificate]
    /// The log's hasher (`blake2b256` for coach's logs).
    public let hasher: MerkleHasher

    /// A verifier for `anchor`'s workspace under the owner's `certificates`.
    public init(
        anchor: TrustAnchor, certificates: [LogKeyCertificate], hasher: MerkleHasher = .blake2b256
    ) {
        self.anchor = anchor
        self.certificates = certificates
        self.hasher = hasher
    }

    /// Checks a served head alone: its workspace, its root's length, a certified key that
    /// covers its size, and the key's signature.
    ///
    /// - Throws: `LogFailure.badHead` or `.uncertifiedKey`.
    public func check(_ head: SignedTreeHead) throws(LogFailure) {
        guard head.workspaceId == anchor.workspaceId else {
            throw .badHead("it is of another workspace")
        }
        guard head.root.count == hasher.hashLength else { throw .badHead("its root is not a hash") }
        let keys = certificates.filter {
            $0.keyId == head.keyId && $0.fromSize <= head.size && $0.valid(anchor: anchor)
        }
        guard let key = keys.first else {
            throw .uncertifiedKey(LogByteForm.fingerprint(head.keyId))
        }
        guard head.signatureValid(serverPK: key.serverPK) else {
            throw .badHead("its signature is not its log key's")
        }
    }

    /// The step from the held head (none before the first) to a served one.
    ///
    /// - Parameters:
    ///   - held: the last head this client verified, or nil.
    ///   - served: the head the server serves now.
    ///   - consistency: the server's consistency proof from the held size to the served one.
    /// - Returns: `.advanced(served)` or `.unchanged`.
    /// - Throws: `LogFailure.rolledBack`, `.forked`, or what `check(_:)` throws.
    public func step(
        held: SignedTreeHead?, served: SignedTreeHead, consistency: [[UInt8]]
    ) throws(LogFailure) -> Step {
        try check(served)
        guard let held else { return .advanced(served) }
        guard served.size >= held.size else {
            throw .rolledBack(from: held.size, to: served.size)
        }
        if served.size == held.size {
            guard served.root == held.root else {
                throw .forked(held: held.size, served: served.size)
            }
            return .unchanged
        }
        guard extends(held.position, to: served, proof: consistency) else {
            throw .forked(held: held.size, served: served.size)
        }
        return .advanced(served)
    }

    /// Checks that the served log contains the position a device signed as seen.
    ///
    /// - Throws: `LogFailure.rolledBack` when the device saw a larger log, `.seenForked` when
    ///   the served log does not extend what it saw.
    public func checkSeen(
        _ seen: LogPosition, device: DeviceID, served: SignedTreeHead, consistency: [[UInt8]]
    ) throws(LogFailure) {
        guard seen.size <= served.size else {
            throw .rolledBack(from: seen.size, to: served.size)
        }
        guard extends(seen, to: served, proof: consistency) else {
            throw .seenForked(device: device, seen: seen.size)
        }
    }

    /// Checks that leaf `index` of the served log holds `leafData`: change `sequence` of
    /// `stream`.
    ///
    /// - Throws: `LogFailure.notIncluded`.
    public func checkIncluded(
        stream: ChangeStream, sequence: Int64, leafData: [UInt8], index: UInt64,
        served: SignedTreeHead, proof: [[UInt8]]
    ) throws(LogFailure) {
        guard
            ProofVerifier.verifyInclusion(
                leafHash: hasher.leaf(leafData), index: index, size: served.size, proof: proof,
                root: served.root, hasher: hasher)
        else { throw .notIncluded(stream: stream, sequence: sequence) }
    }

    /// Checks an owner checkpoint against the served log, which must extend it.
    ///
    /// - Throws: `LogFailure.badHead` for a checkpoint the owner did not sign, what
    ///   `check(_:)` throws for its head, `.rolledBack` when the served log is smaller,
    ///   `.checkpointForked` when it does not extend the checkpoint.
    public func checkCheckpoint(
        _ checkpoint: TreeHeadCountersignature, served: SignedTreeHead, consistency: [[UInt8]]
    ) throws(LogFailure) {
        guard checkpoint.valid(anchor: anchor) else {
            throw .badHead("its checkpoint is not the owner's")
        }
        try check(checkpoint.head)
        let size = checkpoint.head.size
        guard size <= served.size else { throw .rolledBack(from: size, to: served.size) }
        guard extends(checkpoint.head.position, to: served, proof: consistency) else {
            throw .checkpointForked(at: size)
        }
    }

    /// Checks a log reset that would let a client go on from a smaller log: owner-signed, newer
    /// than every reset accepted, giving up no more than the log it names as lost, and
    /// restoring a log the served one extends.
    ///
    /// A reset only covers heads of the log it gave up: up to the size it names as lost (at
    /// that size, its root). No clock is compared: an old reset replayed to a machine that
    /// verified the restored log since is refused by `lastCounter`, which such a machine
    /// raised to the reset's number when it verified that log.
    ///
    /// - Parameters:
    ///   - reset: the owner's statement.
    ///   - held: the head this machine verified last, if any.
    ///   - lastCounter: the counter of the last reset accepted (0 for none).
    ///   - served: the head the server serves now (checked as `check(_:)` does).
    ///   - consistency: the proof from the restored log to the served one.
    /// - Returns: the served head, the new one to hold.
    /// - Throws: `LogFailure.badReset`, or what `check(_:)` throws.
    public func acceptReset(
        _ reset: LogResetStatement, held: SignedTreeHead?, lastCounter: UInt64,
        served: SignedTreeHead, consistency: [[UInt8]]
    ) throws(LogFailure) -> SignedTreeHead {
        guard reset.valid(anchor: anchor) else { throw .badReset("not signed by the owner") }
        guard reset.counter > lastCounter else {
            throw .badReset("reset \(reset.counter) is not newer than reset \(lastCounter)")
        }
        // Sizes and roots only: the held head's time is the server's clock, the reset's the
        // owner's, and a skew between them must neither refuse nor admit a reset. A head
        // verified after an earlier take of this reset is held off by the counter
        // (`lastCounter`), which a replica raises once it verifies the restored log.
        if let held, held.size > reset.lostSize {
            throw .badReset(
                "reset \(reset.counter) gives up a log of \(reset.lostSize) but this machine"
                    + " verified \(held.size) entries since")
        }
        if let held, held.size == reset.lostSize, held.root != reset.lostRoot {
            throw .badReset(
                "reset \(reset.counter) gives up a log of \(reset.lostSize) with another root"
                    + " than the one this machine verified")
        }
        try check(served)
        let restored = LogPosition(size: reset.restoredSize, root: reset.restoredRoot)
        guard restored.size <= served.size, extends(restored, to: served, proof: consistency)
        else {
            throw .badReset(
                "the server's log of \(served.size) does not extend the restored"
                    + " \(reset.restoredSize)")
        }
        return served
    }

    /// Whether the served log extends `position` (equal, or proved by `proof`).
    private func extends(
        _ position: LogPosition, to served: SignedTreeHead, proof: [[UInt8]]
    ) -> Bool {
        if position.size == served.size { return position.root == served.root }
        return ProofVerifier.verifyConsistency(
            old: position.size, new: served.size, oldRoot: position.root, newRoot: served.root,
            proof: proof, hasher: hasher)
    }
}
