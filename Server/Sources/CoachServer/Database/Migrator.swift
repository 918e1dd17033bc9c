import Logging
import PostgresNIO

/// Applies the embedded migrations under an advisory lock, each in its own transaction, and
/// checks a database before serving it.
public struct Migrator: Sendable {
    /// The advisory lock key held while migrating, so two instances never migrate at once.
    static let lockKey: Int64 = 0x636F_6163_6873_7276
    let client: PostgresClient
    let logger: Logger
    let migrations: [Migration]

    /// A migrator of the database `client` reaches.
    public init(client: PostgresClient, logger: Logger, migrations: [Migration] = Migration.all) {
        self.client = client
        self.logger = logger
        self.migrations = migrations
    }

    /// Applies every migration the database lacks.
    ///
    /// - Returns: the versions applied now, in order.
    /// - Throws: `ServerError.migrationChanged` or `.unknownMigration` before applying
    ///   anything, or the database's error (the failing migration's transaction is rolled back).
    @discardableResult
    public func migrate() async throws -> [Int] {
        try await client.withConnection { connection in
            try await connection.query(
                "SELECT pg_advisory_lock(\(Self.lockKey))", logger: logger)
            do {
                let applied = try await apply(on: connection)
                try await connection.query(
                    "SELECT pg_advisory_unlock(\(Self.lockKey))", logger: logger)
                return applied
            } catch {
                _ = try? await connection.query(
                    "SELECT pg_advisory_unlock(\(Self.lockKey))", logger: logger)
                throw error
            }
        }
    }

    private func apply(on connection: PostgresConnection) async throws -> [Int] {
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version integer PRIMARY KEY, name text NOT NULL, checksum bytea NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now())
            """, logger: logger)
        let applied = try check(try await appliedVersions(on: connection))
        var done: [Int] = []
        for migration in migrations where migration.version > applied {
            try await connection.query("BEGIN", logger: logger)
            do {
                for statement in Self.statements(of: migration.sql) {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                let checksum = ByteBuffer(bytes: migration.checksum)
                try await connection.query(
                    """
                    INSERT INTO schema_migrations (version, name, checksum)
                    VALUES (\(migration.version), \(migration.name), \(checksum))
                    """, logger: logger)
                try await connection.query("COMMIT", logger: logger)
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
            logger.info("applied migration \(migration.version) (\(migration.name))")
            done.append(migration.version)
        }
        return done
    }

    /// Checks that the database is exactly at this build's newest version, with the same
    /// migrations: what `serve` requires before it starts.
    ///
    /// - Throws: `ServerError.databaseBehind`, `.migrationChanged` or `.unknownMigration`.
    public func checkCurrent() async throws {
        let applied = try await client.withConnection { connection in
            let exists =
                try await connection.query(
                    "SELECT to_regclass('schema_migrations') IS NOT NULL", logger: logger
                ).collect().first?.decode(Bool.self) ?? false
            return exists ? try await appliedVersions(on: connection) : []
        }
        let version = try check(applied)
        let latest = migrations.last?.version ?? 0
        guard version == latest else {
            throw ServerError.databaseBehind(at: version, needs: latest)
        }
    }

    /// The applied versions with their checksums, in order.
    private func appliedVersions(on connection: PostgresConnection) async throws
        -> [(Int, [UInt8])]
    {
        var rows: [(Int, [UInt8])] = []
        let sequence = try await connection.query(
            "SELECT version, checksum FROM schema_migrations ORDER BY version", logger: logger)
        for try await (version, checksum) in sequence.decode((Int, ByteBuffer).self) {
            rows.append((version, Array(checksum.readableBytesView)))
        }
        return rows
    }

    /// The newest applied version, after checking every applied one against this build's.
    private func check(_ applied: [(Int, [UInt8])]) throws -> Int {
        var version = 0
        for (index, (number, checksum)) in applied.enumerated() {
            guard index < migrations.count, migrations[index].version == number else {
                throw ServerError.unknownMigration(version: number)
            }
            guard migrations[index].checksum == checksum else {
                throw ServerError.migrationChanged(version: number, name: migrations[index].name)
            }
            version = number
        }
        return version
    }

    /// The statements of a migration's SQL: split where a line ends with a semicolon.
    static func statements(of sql: String) -> [String] {
        var statements: [String] = []
        var current = ""
        for line in sql.split(separator: "\n", omittingEmptySubsequences: false) {
            current += line + "\n"
            if line.hasSuffix(";") {
                statements.append(current)
                current = ""
            }
        }
        if !current.allSatisfy(\.isWhitespace) { statements.append(current) }
        return statements
    }
}
