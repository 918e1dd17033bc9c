import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Re-signs `cert` as disabled, one version up, by the owner `actor` (inside their write
    /// transaction), remembers the version in the owner's state and ends the user's sessions.
    ///
    /// A certificate made at enrolment, or still pending, becomes a plain owner-signed one: the
    /// one-time key's link is no longer needed once the owner vouches for the row.
    ///
    /// - Throws: `StoreError.permissionDenied` unless `actor` is the owner.
    func disableCertificate(_ db: Database, _ cert: UserCertificate, as actor: Principal) throws {
        guard actor.role == .owner else {
            throw StoreError.permissionDenied("only the owner disables users")
        }
        var next = cert
        next.disabled = true
        next.pending = false
        next.enrolledFrom = nil
        next.version += 1
        next.signerId = actor.userId.rawValue
        next.sign(by: actor.signKeys, workspaceId: actor.anchor.workspaceId)
        try next.store(db)
        actor.certificates.forget(cert.userId)
        try UserState.update(db, of: actor) { $0.certificates[cert.userId] = next.version }
        try db.execute(sql: SessionsTable.deleteOfUser, arguments: [cert.userId])
    }

    /// The certified athlete users bound to `athleteId` who are not disabled yet.
    ///
    /// The binding is read from each user's verified certificate, never from the plaintext
    /// column alone.
    func activeAthleteUsers(_ db: Database, of athleteId: AthleteID, as actor: Principal) throws
        -> [UserCertificate]
    {
        try String.fetchAll(db, sql: UsersTable.athleteUserIds)
            .map { try actor.certificate(db, $0) }
            .filter { $0.role == .athlete && $0.athleteId == athleteId.rawValue && !$0.disabled }
    }
}
