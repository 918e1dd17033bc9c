import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Refuses the join of a user who enrolled with a code while one of their grants is still
    /// sealed to the code's keys: the copy of the athlete's key they made for themselves at
    /// enrolment lives only in the file they enrolled in, so this replica could not open it.
    ///
    /// Only a grant whose signature verifies under its certified staff granter, and that does
    /// not open with the user's own keys, is taken for such a grant; anything else is left to
    /// the usual checks, which report tampering.
    /// - Throws: `StoreError.permissionDenied` naming what to do.
    func refuseGrantsSealedAtEnrolment(as actor: Principal) throws {
        try read { db in
            let me = actor.userId.rawValue
            guard try actor.certificate(db, me).enrolledFrom != nil else { return }
            for id in try String.fetchAll(db, sql: GrantsTable.athleteIdsOfUser, arguments: [me]) {
                guard
                    let grant = try Row.fetchOne(
                        db, sql: GrantsTable.currentOfUser, arguments: [id, me, id])
                else { continue }
                let epoch: Int = grant["epoch"]
                let sealed = [UInt8](grant["sealed"] as Data)
                let signed = GrantStatement.message(
                    athleteId: id, epoch: epoch, userId: me, sealed: sealed,
                    commitment: [UInt8](grant["commitment"] as Data))
                guard let granter = try? actor.certificate(db, grant["granted_by"]),
                    granter.role != .athlete,
                    SigningKeyPair.verify(
                        [UInt8](grant["signature"] as Data), of: signed,
                        publicKey: granter.signPK)
                else { continue }
                if (try? KeyCommitment.openGrant(
                    sealed, athleteId: id, epoch: epoch, userId: me, keys: actor.boxKeys)) == nil
                {
                    throw StoreError.permissionDenied(
                        "your access to an athlete is still sealed to the keys of your enrolment "
                            + "code; ask whoever granted it to grant it to you again, then join")
                }
            }
        }
    }
}
