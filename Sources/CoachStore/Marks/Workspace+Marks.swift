import Foundation
import GRDB

extension Workspace {
    /// Checks the workspace against the marks `principal` keeps on this machine and brings
    /// them up to date (`MarksMirror.signIn`); without a keeper, returns `principal` as it is.
    ///
    /// The marks are read before the read transaction that checks them begins: another
    /// process of the same user may commit and write newer marks at any moment, and those
    /// must never be compared with an older snapshot.
    ///
    /// - Returns: the principal with the epochs and certificate versions it remembers raised
    ///   to the kept marks, and the mirror that keeps them current.
    /// - Throws: `StoreError.tampered` naming what was rolled back.
    func checkMarks(_ principal: Principal) throws -> Principal {
        guard let marks else { return principal }
        let mirror = MarksMirror(
            keeper: marks, workspaceId: principal.anchor.workspaceId,
            userId: principal.userId.rawValue, key: principal.stateKey, random: random)
        let kept = try mirror.load()
        let known = try read { db in
            let state = try UserState.load(
                db, userId: principal.userId.rawValue, handle: principal.handle.rawValue,
                key: principal.stateKey)
            return try mirror.signIn(
                db, kept: kept, state: state, handle: principal.handle.rawValue
            ) { id in (try? AthleteKeyring.label(db, athleteId: id, principal: principal)) ?? nil }
        }
        var checked = principal
        checked.knownEpochs = known.epochs
        checked.certificates.setFloors(known.certificates)
        checked.marks = mirror
        return checked
    }
}
