import CoachSync
import GRDB

extension Workspace {
    /// The `meta` key of the roster mark.
    static let rosterMarkKey = "sync_roster_mark"

    /// The roster mark of the last sync that read the roster in full, nil before one (or when
    /// the row is not a mark).
    public func rosterMark() throws -> RosterMark? {
        try read { db in try Self.rosterMark(db) }
    }

    static func rosterMark(_ db: Database) throws -> RosterMark? {
        try String.fetchOne(
            db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [rosterMarkKey]
        ).flatMap(RosterMark.init(text:))
    }

    /// Refuses a roster the server serves that does not extend the head this replica verified
    /// last (its mark): entries it applied were left out or rewritten since.
    ///
    /// - Throws: `StoreError.tampered` naming the server and both counts.
    func requireExtendsMark(_ db: Database, _ entries: [RosterEntry]) throws {
        guard let mark = try Self.rosterMark(db), !mark.head.isExtended(by: entries) else {
            return
        }
        let server = try String.fetchOne(db, sql: "SELECT server_url FROM sync_state")
        throw StoreError.tampered(
            "the roster the server at \(server ?? "?") serves (\(entries.count) entries) does "
                + "not extend the \(mark.head.count) this replica verified last: entries were "
                + "left out or rewritten")
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
