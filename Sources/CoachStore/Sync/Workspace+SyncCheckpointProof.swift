import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import GRDB

extension Workspace {
    /// Whether this replica refused `checkpoint` before (its `checkpoint_fork` evidence is
    /// kept): a refused checkpoint is checked again at every sync, never taken as proved.
    private func refused(_ db: Database, _ checkpoint: TreeHeadCountersignature) throws -> Bool {
        let hex = Hashing.hex(checkpoint.encoded())
        return try String.fetchAll(
            db, sql: SyncEvidenceTables.ofKind, arguments: ["checkpoint_fork"]
        )
        .contains { $0.contains(hex) }
    }

    /// The sizes a consistency proof must join to hold the owner's checkpoint to the head
    /// this replica verified: nil when there is nothing to prove (no log checked, no
    /// checkpoint, the checkpoint is `before` (proved already), or both are of one size, which
    /// a comparison of roots settles).
    ///
    /// - Parameters:
    ///   - before: the checkpoint held before this sync, if any.
    ///   - actor: the signed-in user, whose trust anchor the checkpoint answers to.
    /// - Returns: the checkpoint's size and the held head's size, when they differ.
    /// - Throws: `StoreError.tampered` for a stored checkpoint that does not verify.
    public func checkpointProofSizes(
        since before: TreeHeadCountersignature?, as actor: Principal
    ) throws -> (from: UInt64, to: UInt64)? {
        try read { db in
            guard try logKey(db, anchor: actor.anchor) != nil, let head = try logHead(db),
                let checkpoint = try heldCheckpoint(db, anchor: actor.anchor),
                try checkpoint != before || refused(db, checkpoint),
                checkpoint.head.size < head.size
            else { return nil }
            return (from: checkpoint.head.size, to: head.size)
        }
    }

    /// Checks that the head this replica verified extends the owner's checkpoint
    /// (`LogVerifier.checkCheckpoint`), with the server's consistency proof from the
    /// checkpoint's size to the held head's. A refusal keeps its evidence (both heads, the
    /// proof and the checkpoint) in a transaction of its own.
    ///
    /// - Parameters:
    ///   - before: the checkpoint held before this sync (not checked again unless refused).
    ///   - proof: the server's consistency proof; empty when the sizes are equal.
    ///   - actor: the signed-in user.
    /// - Throws: `LogFailure.checkpointForked` when the held log does not extend the
    ///   checkpoint, `.rolledBack` when it is smaller than the checkpoint's (exit 74).
    public func verifyCheckpoint(
        since before: TreeHeadCountersignature?, proof: [[UInt8]], as actor: Principal
    ) throws {
        let (key, held, checkpoint, refused) = try read { db in
            let checkpoint = try heldCheckpoint(db, anchor: actor.anchor)
            return (
                try logKey(db, anchor: actor.anchor), try logHead(db), checkpoint,
                try checkpoint.map { try self.refused(db, $0) } ?? false
            )
        }
        guard let key, let held, let checkpoint, checkpoint != before || refused else { return }
        let verifier = LogVerifier(anchor: actor.anchor, certificates: [key])
        do {
            try verifier.checkCheckpoint(checkpoint, served: held, consistency: proof)
        } catch {
            keepLogEvidence(
                error, key: key, held: held, served: checkpoint.head,
                proof: LogEvidence.Proof(
                    kind: "consistency", from: checkpoint.head.size, to: held.size,
                    path: proof.map(Hashing.hex)),
                checkpoint: checkpoint.encoded())
            throw error
        }
    }
}
