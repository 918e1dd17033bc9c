import CSQLiteGuard
import GRDB

/// Defends every connection against a workspace file written by someone else.
///
/// Anyone who can open the file can add SQL objects that run inside coach's own transactions
/// (a trigger that undoes a revocation, a view that shadows a table). Every connection therefore
/// runs with triggers and views disabled, defensive mode on and the schema untrusted, and at
/// open the file's schema must be exactly the one the migrations produce: any other object, or
/// an object whose SQL differs, is refused as tampering.
enum SchemaGuard {
    /// One row of `sqlite_master`.
    struct Object: Hashable, Sendable {
        let type: String
        let name: String
        let table: String
        let sql: String?

        /// How a report names the object, e.g. `trigger 'undo' on grants`.
        var described: String {
            type == "table" ? "\(type) '\(name)'" : "\(type) '\(name)' on \(table)"
        }
    }

    /// Applies the connection settings; called for every connection the pool opens.
    static func harden(_ db: Database) throws {
        guard let handle = db.sqliteConnection, coach_sqlite_harden(handle) == 0 else {
            throw StoreError.corrupt("SQLite refused the defensive connection settings")
        }
    }

    /// The objects of the live schema.
    static func objects(_ db: Database) throws -> Set<Object> {
        Set(
            try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master").map {
                Object(type: $0["type"], name: $0["name"], table: $0["tbl_name"], sql: $0["sql"])
            })
    }

    /// The exact schema the migrations build, from a private in-memory database.
    static let expected: Result<Set<Object>, StoreError> = {
        do {
            var config = Configuration()
            config.prepareDatabase { db in try harden(db) }
            let queue = try DatabaseQueue(configuration: config)
            try Schema.migrator.migrate(queue)
            return .success(try queue.read { try objects($0) })
        } catch {
            return .failure(.corrupt("the expected workspace schema could not be built"))
        }
    }()

    /// Objects in the file that the migrations do not make (or make with other SQL), and
    /// expected objects that are missing, each named for a report; empty when the schema is exact.
    static func differences(_ db: Database) throws -> [String] {
        let expected = try Self.expected.get()
        let live = try objects(db)
        let extra = live.subtracting(expected).sorted { $0.name < $1.name }.map { o in
            let known = expected.contains { $0.type == o.type && $0.name == o.name }
            return known ? "altered \(o.described)" : "unexpected \(o.described)"
        }
        let liveNames = Set(live.map { "\($0.type) \($0.name)" })
        let missing = expected.filter { !liveNames.contains("\($0.type) \($0.name)") }
            .sorted { $0.name < $1.name }.map { "missing \($0.described)" }
        return extra + missing
    }

    /// Refuses a schema that is not exactly the expected one.
    ///
    /// - Parameter foreignOnly: refuse only objects the migrations never make (for a backup
    ///   that an older version wrote, which the next open migrates and then checks in full).
    /// - Throws: `StoreError.tampered` naming the first differences.
    static func check(_ db: Database, foreignOnly: Bool = false) throws {
        let found = try differences(db).filter {
            !foreignOnly || $0.hasPrefix("unexpected")
        }
        guard found.isEmpty else {
            throw StoreError.tampered(
                "the workspace schema (\(found.prefix(3).joined(separator: "; ")))")
        }
    }
}
