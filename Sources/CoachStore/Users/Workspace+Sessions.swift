import CoachCrypto
import CoachKit
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
        let id = UUID().uuidString.lowercased()
        let key = try SecretKey.random(using: random)
        let expires = nowSeconds + Int64(ttlSeconds)
        // The deadline on the system clock travels sealed with the keys: the injected clock
        // (which views may set) cannot stretch a session past its lifetime in real time.
        let wallDeadline = wallSeconds + Int64(ttlSeconds)
        var secret =
            principal.boxKeys.secretKey.exportBytes() + principal.signKeys.secretKey.exportBytes()
            + Self.deadlineBytes(wallDeadline) + principal.anchor.sealedBytes
        defer { Sodium.wipe(&secret) }
        let sealed = try AEAD.seal(
            secret, ad: Self.sessionAD(id: id, userId: principal.userId.rawValue, expires: expires),
            key: key, random: random)
        let now = nowSeconds
        try write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE expires_at <= ?", arguments: [now])
            try db.execute(
                sql:
                    "INSERT INTO sessions (id, user_id, expires_at, nonce, ciphertext) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    id, principal.userId.rawValue, expires, Data(sealed.nonce),
                    Data(sealed.ciphertext),
                ])
        }
        return SessionToken(id: id, key: key, handle: handle)
    }

    /// Resumes a session from its token; an expired row is deleted on sight.
    public func resume(_ token: SessionToken) throws -> Principal {
        let now = nowSeconds
        let found = try read { db -> (Row, UserRow)? in
            guard
                let s = try Row.fetchOne(
                    db, sql: "SELECT * FROM sessions WHERE id = ?", arguments: [token.id]),
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
                    sql: "DELETE FROM sessions WHERE id = ? OR expires_at <= ?",
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
        guard wallSeconds < Self.deadline(bytes[keyBytes..<(keyBytes + 8)]) else {
            _ = try? write { db in
                try db.execute(sql: "DELETE FROM sessions WHERE id = ?", arguments: [token.id])
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
            try db.execute(sql: "DELETE FROM sessions WHERE id = ?", arguments: [token.id])
        }
    }

    /// When the session of `token` expires, if it is live.
    public func sessionExpiry(_ token: SessionToken) throws -> Date? {
        try read { db in
            try Int64.fetchOne(
                db, sql: "SELECT expires_at FROM sessions WHERE id = ?", arguments: [token.id]
            )
            .map { Date(timeIntervalSince1970: Double($0)) }
        }
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
