import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Applies one pull page in one IMMEDIATE transaction: every change is verified, then its
    /// row written as a record write does (record head and snapshot kept in step), and the
    /// stream cursors and the hybrid clock advanced. A crash or a refused change leaves none
    /// of the page applied.
    ///
    /// Each change must continue its stream's hash chain; be signed by a device the roster
    /// certifies (a revoked device only for what it signed before its revocation); continue
    /// what this replica saw of its device's changes in that stream; come from an author who
    /// holds the athlete at the change's epoch; and its body must open under the athlete's key
    /// as the row its header describes. A redacted change (its body dropped by the server) is
    /// applied header only, and only when a later change of its object at a higher epoch is
    /// held here or comes later in the page. A pulled change to an object with a queued change
    /// resolves by the later clock, ties by device id: the loser is kept in `sync_conflicts`.
    ///
    /// - Parameters:
    ///   - changes: the page, in the server's order within each stream.
    ///   - actor: the signed-in user, who must hold every athlete of the page.
    /// - Returns: what was applied.
    /// - Throws: `SyncFailure.refusedChange` naming the signer, `.streamBroken`, or
    ///   `StoreError.tampered` (all exit 74); nothing is applied then.
    public func applyPulled(_ changes: [ReceivedChange], as actor: Principal) throws
        -> ApplyReport
    {
        try applyPulled(changes, as: actor, afterEach: { _ in })
    }

    /// Applies one pull page as `applyPulled(_:as:)` does, calling `afterEach` with the
    /// index of every change once its row is written, inside the transaction (a debug build's
    /// crash point stops the process there, to show a crash applies none of the page).
    ///
    /// - Parameters:
    ///   - changes: the page, in the server's order within each stream.
    ///   - actor: the signed-in user, who must hold every athlete of the page.
    ///   - afterEach: called after each change is applied, before the commit.
    /// - Returns: what was applied.
    /// - Throws: as `applyPulled(_:as:)`, and what `afterEach` throws (nothing is applied).
    public func applyPulled(
        _ changes: [ReceivedChange], as actor: Principal, afterEach: (Int) throws -> Void
    ) throws -> ApplyReport {
        try write { db in
            var report = ApplyReport()
            var applier = try SyncApplier(workspace: self, db: db, actor: actor)
            applier.notePage(changes)
            for (index, change) in changes.enumerated() {
                try applier.apply(change, report: &report)
                try afterEach(index)
            }
            try applier.finish(report: &report)
            return report
        }
    }
}
