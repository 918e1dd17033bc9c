import GRDB

/// Notes, for one write transaction, whether it changed a membership row: a certificate, an
/// athlete, an epoch, a grant's key, signer or signature, or a plugin. Column updates that
/// stay on this machine (a grant's own sealed copy and label) do not count.
final class MembershipWatch: TransactionObserver {
    /// The grant columns that are part of the roster.
    static let grantColumns: Set<String> = [
        "athlete_id", "epoch", "user_id", "sealed", "granted_by", "signature",
    ]
    static let tables: Set<String> = ["certificates", "athletes", "epochs", "grants", "plugins"]

    private(set) var touched = false

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
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
