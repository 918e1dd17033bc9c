import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

/// Where a user certificate lives in the file: the `users` row's own columns plus the
/// `certificates` row.
extension UserCertificate {
    /// Writes (or replaces) the certificate row; the `users` row carries the other fields.
    func store(_ db: Database) throws {
        try db.execute(
            sql: CertificatesTable.insert,
            arguments: [
                userId, status, kdfFloorOps, kdfFloorMem, version, createdBy, signerId,
                Data(signature), enrolledFrom.map { Data($0.boxPK) },
                enrolledFrom.map { Data($0.signPK) }, enrolledFrom?.signerId,
                enrolledFrom.map { Data($0.signature) },
            ])
        try db.execute(
            sql: UsersTable.setDisabled, arguments: [disabled, userId])
    }

    /// The certificate of `userId` as the file holds it (unverified); nil when there is none.
    ///
    /// - Throws: `StoreError.tampered` when a column holds a value no certificate could have.
    static func fetch(_ db: Database, userId: String) throws -> UserCertificate? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: CertificatesTable.withUserOfId), arguments: [userId])
        else { return nil }
        guard let role = Role(rawValue: row["role"]),
            let status = row["status"] as String?,
            ["active", "disabled", "pending"].contains(status),
            let version = row["version"] as Int64?, version >= 1, version < Int64(Int32.max)
        else {
            throw StoreError.tampered("the certificate of user '\(userId)'")
        }
        return UserCertificate(
            userId: row["id"], handle: row["handle"], role: role, athleteId: row["athlete_id"],
            boxPK: [UInt8](row["box_pk"] as Data), signPK: [UInt8](row["sign_pk"] as Data),
            disabled: status == "disabled", kdfFloorOps: row["kdf_floor_ops"],
            kdfFloorMem: row["kdf_floor_mem"], version: Int(version),
            createdBy: row["created_by"], signerId: row["signer_id"],
            signature: [UInt8](row["signature"] as Data), pending: status == "pending",
            enrolledFrom: try pending(row, userId: userId))
    }

    /// The pending certificate columns: all four or none.
    private static func pending(_ row: Row, userId: String) throws -> Pending? {
        let box = row["prev_box_pk"] as Data?, sign = row["prev_sign_pk"] as Data?
        let signer = row["prev_signer_id"] as String?, sig = row["prev_signature"] as Data?
        if box == nil && sign == nil && signer == nil && sig == nil { return nil }
        guard let box, let sign, let signer, let sig else {
            throw StoreError.tampered("the certificate of user '\(userId)'")
        }
        return Pending(
            boxPK: [UInt8](box), signPK: [UInt8](sign), signerId: signer,
            signature: [UInt8](sig))
    }
}
