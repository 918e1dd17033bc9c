import CoachCrypto
import CoachKit
import CoachLocal
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// The longest session a user can ask for.
    public static let maxSessionSeconds = 24 * 3600

    /// Authenticates once and starts a session that later commands resume without the passphrase.
    ///
    /// - Parameters:
    ///   - ttlSeconds: lifetime, 1 minute to 24 hours.
    /// - Returns: the token to store in the runtime folder.
    public func unlock(handle: Handle, passphrase: SecretKey, ttlSeconds: Int) throws
        -> SessionToken
    {
        let handle = handle.rawValue
        guard (60...Self.maxSessionSeconds).contains(ttlSeconds) else {
            throw StoreError.parameterOutOfRange(.ttl, range: "between 1m and 24h")
        }
        let principal = try authenticate(handle: Handle(handle), passphrase: passphrase)
        let id = ids.next()
        let key = try SecretKey.random(using: random)
        // Sessions live and die by the system clock only. The injected clock moves the day views
        // show; were it to decide lifetimes, a command replaying a later "now" would delete
        // every live session on sight. The deadline also travels sealed with the keys, so an
        // edited row cannot stretch a session either.
        let now = wallSeconds
        let expires = now + Int64(ttlSeconds)
        var secret =
            principal.boxKeys.secretKey.exportBytes() + principal.signKeys.secretKey.exportBytes()
            + Self.deadlineBytes(expires) + principal.anchor.sealedBytes
        defer { Sodium.wipe(&secret) }
        let sealed = try AEAD.seal(
            secret, ad: Self.sessionAD(id: id, userId: principal.userId.rawValue, expires: expires),
            key: key, random: random)
        try write { db in
            try db.execute(sql: SessionsTable.deleteExpired, arguments: [now])
            try db.execute(
                sql:
                    SessionsTable.insert,
                arguments: [
                    id, principal.userId.rawValue, expires, Data(sealed.nonce),
                    Data(sealed.ciphertext),
                ])
        }
        return SessionToken(id: id, key: key, handle: handle)
    }

    /// Resumes a session from its token; a row expired on the system clock is deleted on sight.
    ///
    /// The injected clock plays no part: a command run at a replayed "now" neither ends nor
    /// stretches anyone's session.
    public func resume(_ token: SessionToken) throws -> Principal {
        let now = wallSeconds
        let found = try read { db -> (Row, UserRow)? in
            guard
                let s = try Row.fetchOne(
                    db, sql: SessionsTable.byId, arguments: [token.id]),
                let u = try UserRow.fetch(db, id: s["user_id"])
            else { return nil }
            return (s, u)
        }
        guard let (session, user) = found, user.handle == token.handle else {
            throw StoreError.sessionExpired
        }
        let expires: Int64 = session["expires_at"]
        guard expires > now else {
            _ = try? write { db in
                try db.execute(
                    sql: SessionsTable.deleteIdOrExpired,
                    arguments: [token.id, now])
            }
            throw StoreError.sessionExpired
        }
        let sealed = SealedPayload(
            nonce: [UInt8](session["nonce"] as Data),
            ciphertext: [UInt8](session["ciphertext"] as Data))
        var bytes: [UInt8]
        do {
            bytes = try AEAD.open(
                sealed, ad: Self.sessionAD(id: token.id, userId: user.id, expires: expires),
                key: token.key)
        } catch {
            throw StoreError.sessionExpired
        }
        // The user's secret keys, the deadline on the system clock, then the trust anchor the
        // session was started under.
        defer { Sodium.wipe(&bytes) }
        let keyBytes = BoxKeyPair.secretBytes + SigningKeyPair.secretBytes
        guard bytes.count > keyBytes + 8,
            let anchor = TrustAnchor(sealedBytes: bytes.dropFirst(keyBytes + 8))
        else {
            throw StoreError.sessionExpired
        }
        guard now < Self.deadline(bytes[keyBytes..<(keyBytes + 8)]) else {
            _ = try? write { db in
                try db.execute(sql: SessionsTable.delete, arguments: [token.id])
            }
            throw StoreError.sessionExpired
        }
        var keys = Array(bytes.prefix(keyBytes))
        let secret = try SecretKey(consuming: &keys)
        let kept = try keptMarks(userId: user.id)
        return try read { db in
            try user.principal(secret: secret, db, sessionAnchor: anchor, kept: kept)
        }
    }

    /// Ends a session (its row is deleted).
    public func lock(_ token: SessionToken) throws {
        try write { db in
            try db.execute(sql: SessionsTable.delete, arguments: [token.id])
        }
    }

    /// When the session of `token` ends on the system clock, if its row is there.
    ///
    /// The earlier of the row's expiry and the deadline sealed with the session's keys: a row
    /// written by an older release (whose expiry followed the injected clock) never claims more
    /// than the session really has.
    public func sessionExpiry(_ token: SessionToken) throws -> Date? {
        let row = try read { db in
            try Row.fetchOne(
                db, sql: SessionsTable.expiryOfId,
                arguments: [token.id])
        }
        guard let row else { return nil }
        let expires: Int64 = row["expires_at"]
        let userId: String = row["user_id"]
        let sealed = SealedPayload(
            nonce: [UInt8](row["nonce"] as Data), ciphertext: [UInt8](row["ciphertext"] as Data))
        guard
            var bytes = try? AEAD.open(
                sealed, ad: Self.sessionAD(id: token.id, userId: userId, expires: expires),
                key: token.key)
        else { return nil }
        defer { Sodium.wipe(&bytes) }
        let keyBytes = BoxKeyPair.secretBytes + SigningKeyPair.secretBytes
        guard bytes.count >= keyBytes + 8 else { return nil }
        let sealedDeadline = Self.deadline(bytes[keyBytes..<(keyBytes + 8)])
        return Date(timeIntervalSince1970: Double(min(expires, sealedDeadline)))
    }

    /// A system-clock deadline as 8 little-endian bytes.
    static func deadlineBytes(_ seconds: Int64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: seconds >> (8 * $0)) }
    }

    /// The deadline `deadlineBytes` wrote.
    static func deadline(_ bytes: ArraySlice<UInt8>) -> Int64 {
        bytes.enumerated().reduce(0) { $0 | Int64($1.element) << (8 * $1.offset) }
    }

    static func sessionAD(id: String, userId: String, expires: Int64) -> [UInt8] {
        AssociatedData("coach/1/session").with(id, userId, expires).bytes
    }
}
