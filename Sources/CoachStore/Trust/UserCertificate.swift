import CoachCrypto
import CoachKit
import Foundation
import GRDB

/// A user's membership, signed: who they are, their role, the athlete an athlete user is bound
/// to, their public keys, whether they are active, the least Argon2id work their passphrase key
/// may use, a version that grows with every change, and who created them.
///
/// The signed fields are the `users` row's own columns plus the `certificates` row; a party
/// holding no keys checks one with public data alone (`verify`). The owner signs every
/// certificate except an athlete user's first, which the coach who created them may sign.
struct UserCertificate: Equatable, Sendable {
    var userId: String
    var handle: String
    var role: Role
    var athleteId: String?
    var boxPK: [UInt8]
    var signPK: [UInt8]
    var disabled: Bool
    var kdfFloorOps: Int64
    var kdfFloorMem: Int64
    var version: Int
    var createdBy: String
    var signerId: String
    var signature: [UInt8] = []
    /// Waiting for its one-time enrolment code: the keys are the code's, not the user's own.
    var pending = false
    /// For a certificate made at enrolment: the pending certificate it replaced.
    var enrolledFrom: Pending? = nil

    /// The keys, signer and signature of the pending certificate an enrolment replaced; with
    /// the other fields of the enrolment certificate (status pending, version one lower) it
    /// is that pending certificate again, so anyone can check both.
    struct Pending: Equatable, Sendable {
        var boxPK: [UInt8]
        var signPK: [UInt8]
        var signerId: String
        var signature: [UInt8]
    }

    /// The status as stored and signed.
    var status: String { pending ? "pending" : disabled ? "disabled" : "active" }

    /// The signed message; `workspaceId` ties a certificate to one workspace, and an
    /// enrolment certificate also binds the pending certificate's signature.
    func message(workspaceId: String) -> [UInt8] {
        let base = AssociatedData("coach/1/user-cert").with(
            workspaceId, userId, handle, role.rawValue, athleteId ?? "", boxPK, signPK,
            status, kdfFloorOps, kdfFloorMem, version, createdBy, signerId
        ).bytes
        guard let enrolledFrom else { return base }
        return base + AssociatedData("coach/1/enrolled").with(enrolledFrom.signature).bytes
    }

    /// The pending certificate an enrolment certificate replaced, rebuilt from its fields.
    var pendingPredecessor: UserCertificate? {
        guard let p = enrolledFrom else { return nil }
        var cert = self
        cert.boxPK = p.boxPK; cert.signPK = p.signPK; cert.signerId = p.signerId
        cert.signature = p.signature; cert.pending = true; cert.disabled = false
        cert.version = version - 1; cert.enrolledFrom = nil
        return cert
    }

    /// Signs the certificate with `signer`'s key.
    mutating func sign(by signer: SigningKeyPair, workspaceId: String) {
        signature = signer.sign(message(workspaceId: workspaceId))
    }

    /// Whether the signature is `signerPK`'s over this certificate.
    func signatureValid(signerPK: [UInt8], workspaceId: String) -> Bool {
        SigningKeyPair.verify(signature, of: message(workspaceId: workspaceId), publicKey: signerPK)
    }

    /// Writes (or replaces) the certificate row; the `users` row carries the other fields.
    func store(_ db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO certificates
                    (user_id, status, kdf_floor_ops, kdf_floor_mem, version, created_by, signer_id,
                     signature, prev_box_pk, prev_sign_pk, prev_signer_id, prev_signature)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                userId, status, kdfFloorOps, kdfFloorMem, version, createdBy, signerId,
                Data(signature), enrolledFrom.map { Data($0.boxPK) },
                enrolledFrom.map { Data($0.signPK) }, enrolledFrom?.signerId,
                enrolledFrom.map { Data($0.signature) },
            ])
        try db.execute(
            sql: "UPDATE users SET disabled = ? WHERE id = ?", arguments: [disabled, userId])
    }

    /// The certificate of `userId` as the file holds it (unverified); nil when there is none.
    ///
    /// - Throws: `StoreError.tampered` when a column holds a value no certificate could have.
    static func fetch(_ db: Database, userId: String) throws -> UserCertificate? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT u.id, u.handle, u.role, u.athlete_id, u.box_pk, u.sign_pk, c.status,
                               c.kdf_floor_ops, c.kdf_floor_mem, c.version, c.created_by,
                               c.signer_id, c.signature, c.prev_box_pk, c.prev_sign_pk,
                               c.prev_signer_id, c.prev_signature
                        FROM users u JOIN certificates c ON c.user_id = u.id WHERE u.id = ?
                        """), arguments: [userId])
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
