import CoachCrypto
import Foundation
import GRDB

extension AthleteKeyring {
    /// The athlete's handle from the user's own sealed label; a label that no longer opens is
    /// itself tampering, reported by id.
    static func label(_ db: Database, athleteId: String, principal: Principal) throws
        -> String?
    {
        try label(
            db, athleteId: athleteId, userId: principal.userId.rawValue,
            selfKey: principal.selfKey)
    }

    /// The athlete's handle from the label `userId` sealed under `selfKey`.
    static func label(_ db: Database, athleteId: String, userId: String, selfKey: SecretKey)
        throws -> String?
    {
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: GrantsTable.selfLabelOfUser), arguments: [athleteId, userId])
        guard let blob = row?["self_label"] as Data?, blob.count > 24 else { return nil }
        let sealed = SealedPayload(
            nonce: [UInt8](blob.prefix(24)), ciphertext: [UInt8](blob.dropFirst(24)))
        do {
            let bytes = try AEAD.open(
                sealed, ad: labelAD(athleteId: athleteId, userId: userId), key: selfKey)
            return String(decoding: bytes, as: UTF8.self)
        } catch {
            throw StoreError.grantTampered(athlete: athleteId)
        }
    }

    static func labelAD(athleteId: String, userId: String) -> [UInt8] {
        AssociatedData("coach/1/self-label").with(athleteId, userId).bytes
    }
}
