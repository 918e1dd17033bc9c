import CoachKit
import CoachSync
import Foundation
import GRDB

extension Workspace {
    /// The workspace's registration on its server as this replica keeps it, checked against
    /// the trust anchor in `actor`'s sealed state: the same workspace and owner key, and the
    /// owner's valid signature.
    ///
    /// An invitation binds its code to this registration, so a registration altered in the
    /// file must not be what a new machine is told to trust.
    /// - Throws: `SyncFailure.notSynced`; `StoreError.tampered` when the kept registration is
    ///   unreadable, not signed by its owner key, or names another workspace or owner key.
    public func syncRegistration(as actor: Principal) throws -> WorkspaceRegistration {
        let stored = try read { db in
            try Data.fetchOne(db, sql: "SELECT registration FROM sync_state WHERE id = 1")
        }
        guard let stored else { throw SyncFailure.notSynced }
        guard
            let registration = try? SyncJSON.decode(
                WorkspaceRegistration.self, from: Array(stored)),
            registration.signatureValid, registration.anchor == actor.anchor
        else {
            throw StoreError.tampered(
                "the workspace's registration kept for sync (not the owner key this user trusts)")
        }
        return registration
    }
}
