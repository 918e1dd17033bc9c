import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Stores an inbox key of the server's roster that this replica lacks; whether it did.
    ///
    /// - Throws: `StoreError.tampered` when it is not the owner's signed statement, or when a
    ///   different key is held for the same athlete epoch.
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
        try db.execute(
            sql: CheckinTables.insertInboxKey,
            arguments: [
                key.athlete.rawValue, key.epoch, Data(key.publicKey.bytes),
                Data(key.signature.bytes),
            ])
        return true
    }
}
