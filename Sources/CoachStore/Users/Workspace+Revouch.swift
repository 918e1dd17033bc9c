import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Before a user's signing key is replaced (a passphrase reset), the owner signs again what
    /// that key vouched for, so nothing in the file depends on a key that is about to go.
    ///
    /// A coach's key signs the first epoch of each athlete he adds, the grants he hands on, the
    /// first certificate of each athlete user he creates, and the record heads of his writes. Each is verified under the old key
    /// first; only what verifies is signed again, by the owner, who may sign all of it. A row
    /// that does not verify is not laundered: it is tampering, as everywhere else. The old key
    /// is not kept as valid for these rows: a reset may follow a stolen key, and a retired key
    /// that still vouched for grants would let its thief plant one.
    ///
    /// - Parameters:
    ///   - userId: the user whose key is about to be replaced.
    ///   - owner: the owner, acting.
    /// - Throws: `StoreError.tampered` or `.grantTampered` when something the key signed, or
    ///   an athlete's key history, does not verify.
    func revouch(_ db: Database, signedBy userId: String, as owner: Principal) throws {
        for id in try String.fetchAll(db, sql: UsersTable.ids) where id != userId {
            let cert = try owner.certificate(db, id)
            guard cert.signerId == userId || cert.enrolledFrom?.signerId == userId else {
                continue
            }
            var next = cert
            next.signerId = owner.userId.rawValue
            next.enrolledFrom = nil
            next.version += 1
            next.sign(by: owner.signKeys, workspaceId: owner.anchor.workspaceId)
            try next.store(db)
            owner.certificates.forget(id)
            try UserState.update(db, of: owner) { $0.certificates[id] = next.version }
        }
        let rows = DatabaseRows(db: db)
        for athleteId in try String.fetchAll(db, sql: AthletesTable.ids) {
            let access = try verifiedAccess(db, athleteId: athleteId, handle: nil, as: owner)
            var counted: [(EpochCertificate, Set<String>)] = []
            for cert in access.history {
                counted.append((cert, try owner.verifier.holders(in: rows, of: cert)))
            }
            for (cert, holders) in counted {
                if cert.signerId == userId {
                    try EpochCertificate.certify(
                        db, athleteId: athleteId, epoch: cert.epoch, by: owner)
                }
                try resignGrants(
                    db, of: cert, holders: holders, signedBy: userId, as: owner)
            }
            try revouchRecordHead(db, athleteId: athleteId, signedBy: userId, as: owner)
        }
    }

    /// Signs again, as the owner, the grants of `cert`'s epoch that `userId` signed and that
    /// count (`holders`, computed before anything changed).
    private func resignGrants(
        _ db: Database, of cert: EpochCertificate, holders: Set<String>,
        signedBy userId: String, as owner: Principal
    ) throws {
        let grants = try Row.fetchAll(
            db, sql: GrantsTable.signedAtEpoch, arguments: [cert.athleteId, cert.epoch])
        for grant in grants where (grant["granted_by"] as String?) == userId {
            let holder: String = grant["user_id"]
            guard holders.contains(holder) else {
                throw StoreError.tampered("the access grant of this athlete")
            }
            let message = GrantStatement.message(
                athleteId: cert.athleteId, epoch: cert.epoch, userId: holder,
                sealed: [UInt8](grant["sealed"] as Data), commitment: cert.commitment)
            let signature = owner.signKeys.sign(message)
            try db.execute(
                sql: GrantsTable.setSigner,
                arguments: [
                    owner.userId.rawValue, Data(signature), cert.athleteId, cert.epoch, holder,
                ])
        }
    }
}
