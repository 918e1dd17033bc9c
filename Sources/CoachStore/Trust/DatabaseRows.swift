import CoachKit
import CoachTrust
import Foundation
import GRDB

/// The public membership rows of the open workspace file, read on demand inside one database
/// access, for the trust checks of `CoachTrust`.
struct DatabaseRows: PublicRows {
    let db: Database

    func handle(ofUser id: String) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: UsersTable.handleOfId), arguments: [id])
    }

    func certificate(ofUser id: String) throws -> UserCertificate? {
        try UserCertificate.fetch(db, userId: id)
    }

    func user(withSigningKey key: [UInt8]) throws -> String? {
        try String.fetchOne(
            db, sql: UsersTable.idOfSigningKey, arguments: [Data(key)])
    }

    func userIds() throws -> [String] { try String.fetchAll(db, sql: UsersTable.ids) }

    func athleteIds() throws -> [String] {
        try String.fetchAll(db, sql: AthletesTable.ids)
    }

    func epochs(ofAthlete id: String) throws -> [EpochRow] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: EpochsTable.signedOfAthlete), arguments: [id]
        ).map { row in
            EpochRow(
                epoch: row["epoch"], commitment: [UInt8](row["commitment"] as Data),
                previousNonce: (row["prev_nonce"] as Data?).map { [UInt8]($0) },
                previousWrapped: (row["prev_wrapped"] as Data?).map { [UInt8]($0) },
                signerId: row["signer_id"],
                signature: (row["signature"] as Data?).map { [UInt8]($0) })
        }
    }

    func grants(ofAthlete id: String, epoch: Int) throws -> [GrantRow] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: GrantsTable.signedAtEpoch), arguments: [id, epoch]
        ).map { g in
            GrantRow(
                userId: g["user_id"], grantedBy: g["granted_by"],
                sealed: [UInt8](g["sealed"] as Data), signature: [UInt8](g["signature"] as Data))
        }
    }
}

extension StoreError {
    /// The store's report of a failed trust check: tampering, naming the same thing.
    init(_ failure: TrustError) {
        self = .tampered(failure.what)
    }

    /// Runs a trust check, reporting its failure as the store's own tampering error.
    static func checking<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let failure as TrustError { throw StoreError(failure) }
    }
}

extension CertificateBook {
    /// The verified certificate of `userId` in the open file (see `certificate(in:…)`).
    ///
    /// - Throws: `StoreError.tampered` when it does not verify.
    func certificate(_ db: Database, userId: String, anchor: TrustAnchor) throws
        -> UserCertificate
    {
        try StoreError.checking {
            try certificate(in: DatabaseRows(db: db), userId: userId, anchor: anchor)
        }
    }

    /// The verified certificate of the owner in the open file.
    ///
    /// - Throws: `StoreError.tampered` when it does not verify.
    func owner(_ db: Database, anchor: TrustAnchor) throws -> UserCertificate {
        try StoreError.checking { try owner(in: DatabaseRows(db: db), anchor: anchor) }
    }
}

extension MembershipVerifier {
    /// The athlete's verified epoch certificates in the open file, oldest first.
    func epochs(_ db: Database, athleteId: String) throws -> [EpochCertificate] {
        try StoreError.checking { try epochs(in: DatabaseRows(db: db), athleteId: athleteId) }
    }

    /// The users whose grant of `cert`'s epoch counts in the open file.
    func holders(_ db: Database, of cert: EpochCertificate, strict: Bool = false) throws
        -> Set<String>
    {
        try StoreError.checking { try holders(in: DatabaseRows(db: db), of: cert, strict: strict) }
    }

    /// Verifies every certificate, key history and grant in the open file.
    func verifyAll(_ db: Database) throws -> (users: Int, athletes: Int) {
        try StoreError.checking { try verifyAll(DatabaseRows(db: db)) }
    }
}
