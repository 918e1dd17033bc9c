import CoachCrypto
import CoachTrust
import Foundation
import GRDB

/// Where an epoch certificate lives in the file: the `epochs` row's signer and signature.
extension EpochCertificate {
    /// Signs and stores the certificate columns of the epoch row (which must exist).
    static func certify(
        _ db: Database, athleteId: String, epoch: Int, by actor: Principal
    ) throws {
        var cert = try fetchUnsigned(db, athleteId: athleteId, epoch: epoch)
        cert.signerId = actor.userId.rawValue
        cert.sign(by: actor.signKeys, workspaceId: actor.anchor.workspaceId)
        try db.execute(
            sql:
                EpochsTable.setSignature,
            arguments: [actor.userId.rawValue, Data(cert.signature), athleteId, epoch])
    }

    private static func fetchUnsigned(_ db: Database, athleteId: String, epoch: Int) throws
        -> EpochCertificate
    {
        let rows = try Row.fetchAll(
            db,
            sql: EpochsTable.pairOfAthlete, arguments: [athleteId, epoch - 1, epoch])
        guard let row = rows.last, row["epoch"] as Int == epoch else {
            throw StoreError.tampered("the key history of this athlete")
        }
        let previous = rows.count == 2 ? [UInt8](rows[0]["commitment"] as Data) : []
        return EpochCertificate(
            athleteId: athleteId, epoch: epoch, commitment: [UInt8](row["commitment"] as Data),
            previousCommitment: previous,
            wrappedHash: wrappedHash(
                nonce: (row["prev_nonce"] as Data?).map { [UInt8]($0) },
                wrapped: (row["prev_wrapped"] as Data?).map { [UInt8]($0) }),
            signerId: "")
    }
}
