import CoachCrypto
import CoachLocal
import Foundation
import GRDB

/// A user's sealed marks as read from the keeper before the sign-in's read began.
struct KeptMarks {
    let keeper: any MarksKeeper
    /// The workspace id the marks were looked up under (the file's `meta` value).
    let workspaceId: String
    let sealed: [UInt8]?
    let random: any RandomSource
}

extension Workspace {
    /// The sealed marks of `userId` from the keeper, or nil without a keeper.
    ///
    /// Read before the read transaction that checks them begins: another process of the same
    /// user may commit and write newer marks at any moment, and those must never be compared
    /// with an older snapshot.
    func keptMarks(userId: String) throws -> KeptMarks? {
        guard let marks else { return nil }
        let workspaceId =
            try read { db in
                try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'workspace_id'")
            } ?? ""
        return KeptMarks(
            keeper: marks, workspaceId: workspaceId,
            sealed: try StoreError.local {
                try marks.load(workspaceId: workspaceId, userId: userId)
            }, random: random)
    }
}

extension UserRow {
    /// Checks the file against the user's kept marks (`MarksMirror.signIn`) inside the
    /// sign-in's read.
    ///
    /// - Returns: the state raised to the marks, and the mirror that keeps them current.
    /// - Throws: `StoreError.tampered` when the file's workspace id is not the one the user
    ///   trusts, or naming what was rolled back.
    func checkMarks(
        _ kept: KeptMarks, _ db: Database, state: UserState, stateKey: SecretKey,
        selfKey: SecretKey
    ) throws -> (UserState, MarksMirror) {
        guard kept.workspaceId == state.anchor.workspaceId else {
            throw StoreError.tampered(
                "the workspace id (it is not the one user '\(handle)' trusts)")
        }
        let mirror = MarksMirror(
            keeper: kept.keeper, workspaceId: kept.workspaceId, userId: id, key: stateKey,
            random: kept.random)
        let marks = kept.sealed.flatMap {
            LocalMarks.open($0, workspaceId: kept.workspaceId, userId: id, key: stateKey)
        }
        let known = try mirror.signIn(db, kept: marks, state: state, handle: handle) { athlete in
            (try? AthleteKeyring.label(db, athleteId: athlete, userId: id, selfKey: selfKey))
                ?? nil
        }
        return (known, mirror)
    }
}
