import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// After a passphrase failed to open `row`'s keys: whether the row was altered outside
    /// coach rather than the passphrase wrong, from public data alone (the user's keys are
    /// sealed to their role, public keys and work factor, so an edited column fails the same
    /// way a wrong passphrase does).
    ///
    /// The user's certificate must verify under an owner's key and workspace id as the file
    /// holds them, and the row's Argon2id parameters must not be below the certified floor.
    ///
    /// - Throws: `StoreError.tampered` naming the user when either fails; nothing otherwise
    ///   (the passphrase was wrong, or the sealed keys themselves were damaged).
    func checkUserRowAfterFailedOpen(_ db: Database, _ row: UserRow) throws {
        let bad = StoreError.tampered("the membership certificate of user '\(row.handle)'")
        let workspaceId = try String.fetchOne(
            db, sql: "SELECT value FROM meta WHERE key = 'workspace_id'")
        let owners = try Data.fetchAll(db, sql: UsersTable.ownerSigningKeys)
        guard let workspaceId else { throw bad }
        let cert = owners.lazy.compactMap { key in
            try? CertificateBook().certificate(
                in: DatabaseRows(db: db), userId: row.id,
                anchor: TrustAnchor(workspaceId: workspaceId, ownerSignPK: [UInt8](key)))
        }.first
        guard let cert else { throw bad }
        guard row.kdf.opsLimit >= UInt64(max(cert.kdfFloorOps, 0)),
            row.kdf.memLimit >= UInt64(max(cert.kdfFloorMem, 0))
        else {
            throw StoreError.tampered("the password-hashing parameters of user '\(row.handle)'")
        }
    }
}
