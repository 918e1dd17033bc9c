import GRDB

/// Notes, for one write transaction, whether it changed a membership row: a certificate, an
/// athlete, an epoch, a grant's key, signer or signature, a plugin, or a user's sealed key row
/// (a new passphrase). Column updates that stay on this machine (a grant's own sealed copy and
/// label) do not count.
final class MembershipWatch: TransactionObserver {
    /// The grant columns that are part of the roster.
    static let grantColumns: Set<String> = [
        "athlete_id", "epoch", "user_id", "sealed", "granted_by", "signature",
    ]
    /// The user columns of the sealed key row a new machine opens.
    static let sealedKeyColumns: Set<String> = [
        "kdf_alg", "kdf_ops", "kdf_mem", "kdf_salt", "key_nonce", "key_ciphertext",
        "index_key_sealed",
    ]
    static let tables: Set<String> = ["certificates", "athletes", "epochs", "grants", "plugins"]

    private(set) var touched = false

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        if case .update("users", let columns) = eventKind {
            return !columns.isDisjoint(with: Self.sealedKeyColumns)
        }
        guard Self.tables.contains(eventKind.tableName) else { return false }
        if case .update("grants", let columns) = eventKind {
            return !columns.isDisjoint(with: Self.grantColumns)
        }
        return true
    }

    func databaseDidChange(with event: DatabaseEvent) {
        touched = true
        stopObservingDatabaseChangesUntilNextTransaction()
    }

    func databaseDidCommit(_ db: Database) {}

    func databaseDidRollback(_ db: Database) {}
}
