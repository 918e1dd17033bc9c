import CoachCrypto
import Foundation
import GRDB

/// The signed statement of one athlete key epoch: which athlete, which epoch, the key's
/// commitment, the previous epoch's commitment and a hash of the previous key as wrapped under
/// this one, and who signed it.
///
/// Chained through the previous commitment, so a party holding no keys can check an athlete's
/// whole key history from the `epochs` rows alone. Epoch 1 is signed by the certified staff
/// user who created the athlete; every later epoch (a rotation) by the owner.
struct EpochCertificate: Sendable {
    let athleteId: String
    let epoch: Int
    let commitment: [UInt8]
    let previousCommitment: [UInt8]
    let wrappedHash: [UInt8]
    var signerId: String
    var signature: [UInt8] = []

    /// The hash of the previous key as wrapped under this epoch's (empty for epoch 1).
    static func wrappedHash(nonce: [UInt8]?, wrapped: [UInt8]?) -> [UInt8] {
        guard let nonce, let wrapped else { return [] }
        return Hashing.blake2b(nonce + wrapped)
    }

    func message(workspaceId: String) -> [UInt8] {
        AssociatedData("coach/1/epoch-cert").with(
            workspaceId, athleteId, epoch, commitment, previousCommitment, wrappedHash, signerId
        ).bytes
    }

    mutating func sign(by signer: SigningKeyPair, workspaceId: String) {
        signature = signer.sign(message(workspaceId: workspaceId))
    }

    /// Signs and stores the certificate columns of the epoch row (which must exist).
    static func certify(
        _ db: Database, athleteId: String, epoch: Int, by actor: Principal
    ) throws {
        var cert = try fetchUnsigned(db, athleteId: athleteId, epoch: epoch)
        cert.signerId = actor.userId.rawValue
        cert.sign(by: actor.signKeys, workspaceId: actor.anchor.workspaceId)
        try db.execute(
            sql:
                "UPDATE epochs SET signer_id = ?, signature = ? WHERE athlete_id = ? AND epoch = ?",
            arguments: [actor.userId.rawValue, Data(cert.signature), athleteId, epoch])
    }

    private static func fetchUnsigned(_ db: Database, athleteId: String, epoch: Int) throws
        -> EpochCertificate
    {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT epoch, commitment, prev_nonce, prev_wrapped FROM epochs
                WHERE athlete_id = ? AND epoch IN (?, ?) ORDER BY epoch
                """, arguments: [athleteId, epoch - 1, epoch])
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
