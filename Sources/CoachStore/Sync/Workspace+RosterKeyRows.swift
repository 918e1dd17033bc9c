import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Notes, inside a write, that it gives the signed-in user a new sealed key row.
    func noteKeyRowChange() {
        pendingKeyRow.withLock { $0 = true }
    }

    /// Refuses a membership change made on a replica that has not pulled a user's new sealed
    /// key row (its user entries would carry the row the key row replaced), but for the
    /// signed-in user's own row when this write changes it on purpose.
    func requireKeyRows(_ db: Database, with server: RosterIndex) throws {
        let changing = pendingKeyRow.withLock { $0 }
        for (user, sealed) in server.keyRows.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM users WHERE id = ?", arguments: [user.rawValue]),
                Self.sealedKeys(row) != sealed
            else { continue }
            let version = try Int.fetchOne(
                db, sql: "SELECT version FROM certificates WHERE user_id = ?",
                arguments: [user.rawValue])
            guard version == server.users[user] else { continue }
            // The user's own new row is what this write pushes (`keyRowChange`).
            if changing, user == rosterGate.withLock({ $0 })?.actor.userId { continue }
            throw SyncFailure.membershipRefused(
                reason: "the server holds a newer sealed key row of user \(user) than this replica")
        }
    }

    /// The signed-in user's new sealed key row (a passphrase change), when the server's row
    /// of the user differs from this replica's and the certificate stays the same; its counter
    /// is one above the server's.
    func keyRowChange(
        _ db: Database, on server: RosterIndex, as actor: Principal, workspaceId ws: String
    ) throws -> [RosterEntry] {
        let id = actor.userId
        guard pendingKeyRow.withLock({ $0 }), let version = server.users[id],
            let row = try Row.fetchOne(
                db, sql: "SELECT * FROM users WHERE id = ?", arguments: [id.rawValue]),
            let local = try Int.fetchOne(
                db, sql: "SELECT version FROM certificates WHERE user_id = ?",
                arguments: [id.rawValue]),
            local == version
        else { return [] }
        let sealed = Self.sealedKeys(row)
        guard server.sealedKeys[id] != sealed else { return [] }
        var entry = RosterKeyRow(
            userId: id, version: version, counter: (server.keyCounters[id] ?? 0) + 1,
            sealedKeys: sealed)
        entry.sign(by: actor.signKeys, workspaceId: ws)
        return [.keyRow(entry)]
    }

    /// Applies the roster's sealed key rows: each must follow the one before it
    /// (`RosterKeyLedger`), and the row that holds a user's keys now, when it follows the
    /// certificate this replica holds and is signed under it, replaces the user's sealed
    /// columns here.
    ///
    /// - Returns: how many users' rows changed.
    /// - Throws: `StoreError.tampered` for a row replayed, out of order or not the user's.
    func applyKeyRows(_ db: Database, _ entries: [RosterEntry], workspaceId ws: String) throws
        -> Int
    {
        let ledger: RosterKeyLedger
        do { ledger = try RosterKeyLedger(workspaceId: ws, entries: entries) } catch {
            throw StoreError.tampered("the server's roster: \(error.message)")
        }
        let rows = DatabaseRows(db: db)
        var applied = 0
        for (user, keyRow) in ledger.current.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let id = user.rawValue
            guard let cert = try rows.certificate(ofUser: id), cert.version == keyRow.version,
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM users WHERE id = ?", arguments: [id]),
                Self.sealedKeys(row) != keyRow.sealedKeys.bytes
            else { continue }
            guard keyRow.verifies(under: cert, workspaceId: ws),
                let keys = SealedKeyFields(keyRow.sealedKeys.bytes)
            else {
                throw StoreError.tampered("the sealed key row of user '\(id)' on the server")
            }
            try keys.store(db, user: id)
            applied += 1
        }
        return applied
    }
}
