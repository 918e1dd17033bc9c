import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Stores an inbox key of the server's roster that this replica lacks; whether it did.
    /// When `actor` holds the athlete, the key must be the one its epoch key derives.
    ///
    /// - Throws: `StoreError.tampered` when it is not the owner's signed statement, does not
    ///   derive from the epoch key (naming the owner who signed it), or differs from the key
    ///   held for the same athlete epoch.
    func applyInboxKey(_ db: Database, _ key: RosterInboxKey, as actor: Principal) throws
        -> Bool
    {
        let named = "the inbox key of athlete \(key.athlete) at epoch \(key.epoch)"
        guard key.statement.verifies(anchor: actor.anchor) else {
            throw StoreError.tampered("\(named) (not signed by the owner)")
        }
        if let held = try Row.fetchOne(
            db, sql: CheckinTables.inboxKey, arguments: [key.athlete.rawValue, key.epoch])
        {
            guard [UInt8](held["public_key"] as Data) == key.publicKey.bytes else {
                throw StoreError.tampered("\(named) (a second key for one epoch)")
            }
            return false
        }
        if let pair = try inboxKeyPair(db, athlete: key.athlete, epoch: key.epoch, as: actor),
            pair.publicKey != key.publicKey.bytes
        {
            let owner =
                try String.fetchOne(
                    db, sql: "SELECT handle FROM users WHERE role = 'owner' LIMIT 1") ?? "owner"
            throw StoreError.tampered(
                "\(named), signed by '\(owner)': it is not the key the epoch key derives")
        }
        try db.execute(
            sql: CheckinTables.insertInboxKey,
            arguments: [
                key.athlete.rawValue, key.epoch, Data(key.publicKey.bytes),
                Data(key.signature.bytes),
            ])
        return true
    }

    /// The inbox key pair of one athlete epoch as `actor` derives it from the epoch key; nil
    /// when `actor` holds no grant of the athlete's newest epoch.
    ///
    /// - Throws: `StoreError.tampered` when the key history does not open or reach `epoch`.
    func inboxKeyPair(_ db: Database, athlete: AthleteID, epoch: Int, as actor: Principal)
        throws -> HPKEBase.KeyPair?
    {
        let keyring: AthleteKeyring
        do {
            keyring = try AthleteKeyring.open(db, athleteId: athlete.rawValue, principal: actor)
        } catch StoreError.permissionDenied {
            return nil
        }
        guard epoch <= keyring.currentEpoch else {
            throw StoreError.tampered(
                "the inbox key of athlete \(athlete) at epoch \(epoch) (no such epoch)")
        }
        return try HPKEBase.inboxKeyPair(
            epochKey: try keyring.dataKey(epoch: epoch, db), epoch: epoch)
    }

    /// The inbox-key entries the owner signs for athletes' newest epochs that neither the
    /// server's `roster` nor this replica holds; none for anyone but the owner.
    ///
    /// - Parameters:
    ///   - roster: the server's roster as read.
    ///   - actor: the signed-in user.
    /// - Returns: one entry per athlete whose newest epoch has no inbox key yet.
    /// - Throws: `StoreError.tampered` when an athlete's keys do not open.
    public func missingInboxKeys(besides roster: [RosterEntry], as actor: Principal) throws
        -> [RosterEntry]
    {
        try read { db in try missingInboxKeys(db, besides: roster, as: actor) }
    }

    /// `missingInboxKeys(besides:as:)` inside a read or write.
    func missingInboxKeys(_ db: Database, besides roster: [RosterEntry], as actor: Principal)
        throws -> [RosterEntry]
    {
        guard actor.role == .owner else { return [] }
        var held: Set<String> = []
        for case .inboxKey(let k) in roster { held.insert("\(k.athlete.rawValue)/\(k.epoch)") }
        do {
            for row in try Row.fetchAll(db, sql: CheckinTables.allInboxKeys) {
                let athlete: String = row["athlete_id"]
                let epoch: Int = row["epoch"]
                held.insert("\(athlete)/\(epoch)")
            }
            var missing: [RosterEntry] = []
            for id in try String.fetchAll(db, sql: AthletesTable.ids).sorted() {
                let current =
                    try Int.fetchOne(db, sql: EpochsTable.currentOfAthlete, arguments: [id]) ?? 0
                guard current >= 1, !held.contains("\(id)/\(current)"),
                    let pair = try inboxKeyPair(
                        db, athlete: AthleteID(id), epoch: current, as: actor)
                else { continue }
                var statement = InboxKeyStatement(
                    athleteId: AthleteID(id), epoch: current, publicKey: pair.publicKey)
                statement.sign(by: actor.signKeys, workspaceId: actor.anchor.workspaceId)
                missing.append(.inboxKey(RosterInboxKey(statement)))
            }
            return missing
        }
    }
}
