import CoachCrypto
import CoachTrust
import Foundation
import GRDB

/// What one user remembers between commands, sealed under a key only they can derive: the
/// trust anchor, the newest verified key epoch of each athlete, the newest certificate version
/// of each user, and the last audit entry they verified.
///
/// Anything in the file older than what the state remembers is a rollback (tampering).
struct UserState: Codable, Equatable, Sendable {
    /// The newest key epoch of one athlete a user has verified, and its key commitment.
    struct EpochMark: Codable, Equatable, Sendable {
        var epoch: Int
        var commitment: [UInt8]
    }

    var anchor: TrustAnchor
    var epochs: [String: EpochMark] = [:]
    var certificates: [String: Int] = [:]
    var auditSeq: Int = 0
    var auditHash: [UInt8] = []

    /// The key sealing a user's state, derived from their X25519 secret key.
    static func key(box: BoxKeyPair) throws -> SecretKey {
        try Hashing.deriveSubkey(id: 4, context: "usrstate", from: box.secretKey)
    }

    static func ad(userId: String) -> [UInt8] {
        AssociatedData("coach/1/user-state").with(userId).bytes
    }

    /// Opens the user's state row.
    ///
    /// - Throws: `StoreError.tampered` when the row is missing or does not open.
    static func load(_ db: Database, userId: String, handle: String, key: SecretKey) throws
        -> UserState
    {
        let bad = StoreError.tampered("the sealed state of user '\(handle)'")
        guard
            let row = try Row.fetchOne(
                db, sql: UserStateTable.ofUser,
                arguments: [userId]),
            let bytes = try? AEAD.open(
                SealedPayload(
                    nonce: [UInt8](row["nonce"] as Data),
                    ciphertext: [UInt8](row["ciphertext"] as Data)),
                ad: ad(userId: userId), key: key),
            let state = try? JSONDecoder().decode(UserState.self, from: Data(bytes))
        else { throw bad }
        return state
    }

    /// Seals and stores the state (inside a write transaction).
    func store(
        _ db: Database, userId: String, key: SecretKey, random: RandomSource = SystemRandom()
    ) throws {
        let sealed = try AEAD.seal(
            Array(try JSONEncoder().encode(self)), ad: Self.ad(userId: userId), key: key,
            random: random)
        try db.execute(
            sql: UserStateTable.upsert,
            arguments: [userId, Data(sealed.nonce), Data(sealed.ciphertext)])
    }

    /// Rewrites `user`'s sealed state with `change` (inside a write transaction); nothing is
    /// written when the change leaves it as it was.
    static func update(_ db: Database, of user: Principal, _ change: (inout UserState) -> Void)
        throws
    {
        var state = try load(
            db, userId: user.userId.rawValue, handle: user.handle.rawValue, key: user.stateKey)
        let before = state
        change(&state)
        if state != before {
            try state.store(db, userId: user.userId.rawValue, key: user.stateKey)
            user.marks?.stateStored(state, in: db)
        }
    }

    /// Raises the remembered epochs to `marks` (never lowers one).
    mutating func note(_ marks: [(athleteId: String, mark: EpochMark)]) {
        for (athleteId, mark) in marks where mark.epoch > (epochs[athleteId]?.epoch ?? 0) {
            epochs[athleteId] = mark
        }
    }
}
