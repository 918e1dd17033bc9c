import CoachCrypto
import CoachTrust
import Foundation
import GRDB

/// What a check of the public rows covered.
public struct PublicVerification: Sendable, Equatable {
    /// Users whose certificates verified.
    public let users: Int
    /// Athletes whose key history and newest grants verified.
    public let athletes: Int
}

extension Workspace {
    /// Verifies membership and key history from public rows alone, holding no keys: every
    /// user certificate, every athlete's chained and signed epochs, and every grant of each
    /// athlete's newest epoch.
    ///
    /// A party that stores the workspace without being a member (a sync server) knows the
    /// workspace id and the owner's signing public key from outside the file and calls this.
    ///
    /// - Parameters:
    ///   - workspaceId: the workspace's id.
    ///   - ownerSigningKey: the owner's Ed25519 public key.
    /// - Throws: `StoreError.tampered` naming the first thing that fails.
    public func verifyPublicRows(workspaceId: String, ownerSigningKey: [UInt8]) throws
        -> PublicVerification
    {
        let verifier = MembershipVerifier(
            anchor: TrustAnchor(workspaceId: workspaceId, ownerSignPK: ownerSigningKey),
            book: CertificateBook())
        let counts = try read { db in try verifier.verifyAll(db) }
        return PublicVerification(users: counts.users, athletes: counts.athletes)
    }
}

extension Workspace {
    /// Every public membership row of the file as plain values: user certificates, each
    /// athlete's epoch rows and every grant, unverified.
    ///
    /// What a party that holds no keys receives (a sync server); `CoachTrust` checks it with
    /// no database.
    public func publicRows() throws -> PublicRowSet {
        try read { db in
            let rows = DatabaseRows(db: db)
            var users: [String: PublicRowSet.User] = [:]
            for row in try Row.fetchAll(db, sql: UsersTable.idsHandlesAndSigningKeys) {
                users[row["id"]] = PublicRowSet.User(
                    handle: row["handle"], signPK: [UInt8](row["sign_pk"] as Data))
            }
            var certificates: [String: UserCertificate] = [:]
            for id in users.keys { certificates[id] = try rows.certificate(ofUser: id) }
            let athletes = try rows.athleteIds()
            var epochs: [String: [EpochRow]] = [:]
            var grants: [String: [Int: [GrantRow]]] = [:]
            for id in athletes {
                epochs[id] = try rows.epochs(ofAthlete: id)
                let stored = try Int.fetchAll(
                    db, sql: GrantsTable.epochsOfAthlete,
                    arguments: [id])
                for epoch in stored {
                    grants[id, default: [:]][epoch] = try rows.grants(ofAthlete: id, epoch: epoch)
                }
            }
            return PublicRowSet(
                users: users, certificates: certificates, athletes: athletes, epochRows: epochs,
                grantRows: grants)
        }
    }
}
