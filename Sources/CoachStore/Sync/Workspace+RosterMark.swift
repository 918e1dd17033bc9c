import CoachSync
import GRDB

extension Workspace {
    /// The `meta` key of the roster mark.
    static let rosterMarkKey = "sync_roster_mark"

    /// The roster mark of the last sync that read the roster in full, nil before one (or when
    /// the row is not a mark).
    public func rosterMark() throws -> RosterMark? {
        try read { db in
            try String.fetchOne(
                db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [Self.rosterMarkKey]
            ).flatMap(RosterMark.init(text:))
        }
    }

    /// Keeps `mark` as the roster this replica last applied in full; nil forgets it.
    public func noteRosterMark(_ mark: RosterMark?) throws {
        try write { db in
            if let mark {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                    arguments: [Self.rosterMarkKey, mark.text])
            } else {
                try db.execute(
                    sql: "DELETE FROM meta WHERE key = ?", arguments: [Self.rosterMarkKey])
            }
        }
    }
}
