import Logging
import PostgresNIO
import Testing

@testable import CoachServer

@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct MigrationTests {
    let cluster: PostgresCluster
    let logger = PostgresCluster.logger

    init() async throws { cluster = try await PostgresCluster.shared("MigrationTests") }

    @Test(
        "an empty database and each earlier version migrate to the schema serve expects",
        arguments: [0] + Migration.all.map(\.version))
    func fromEachVersion(start: Int) async throws {
        let url = try await cluster.database(migrated: false)
        try await withDatabase(url, logger: logger) { client in
            let earlier = Migration.all.filter { $0.version <= start }
            try await Migrator(client: client, logger: logger, migrations: earlier).migrate()
            if start < Migration.latest {
                await #expect(
                    throws: ServerError.databaseBehind(at: start, needs: Migration.latest)
                ) {
                    try await Migrator(client: client, logger: logger).checkCurrent()
                }
            }
            let applied = try await Migrator(client: client, logger: logger).migrate()
            #expect(applied == Migration.all.map(\.version).filter { $0 > start })
            try await Migrator(client: client, logger: logger).checkCurrent()
            let found = try await SchemaCheck.fingerprint(client, logger: logger)
            #expect(
                found == SchemaCatalog.expected,
                "\(found.map { "\"\($0)\"" }.joined(separator: ",\n"))")
            try await SchemaCheck.check(client, logger: logger)
            #expect(try await Migrator(client: client, logger: logger).migrate() == [])
        }
    }

    @Test("an applied migration whose SQL changed is refused before anything runs")
    func changedMigration() async throws {
        let url = try await cluster.database()
        try await withDatabase(url, logger: logger) { client in
            var changed = Migration.all
            let first = changed[0]
            changed[0] = Migration(
                version: first.version, name: first.name, sql: first.sql + "\n-- edited\n")
            changed.append(
                Migration(version: 99, name: "later", sql: "CREATE TABLE later (x int);"))
            let migrator = Migrator(client: client, logger: logger, migrations: changed)
            await #expect(throws: ServerError.migrationChanged(version: 1, name: first.name)) {
                try await migrator.migrate()
            }
            await #expect(throws: ServerError.migrationChanged(version: 1, name: first.name)) {
                try await migrator.checkCurrent()
            }
            let later = try await client.query("SELECT to_regclass('later') IS NULL")
                .collect().first?.decode(Bool.self)
            #expect(later == true)
        }
    }

    @Test("a database with a migration this build does not know is refused")
    func unknownMigration() async throws {
        let url = try await cluster.database()
        try await withDatabase(url, logger: logger) { client in
            let next = Migration.latest + 1
            try await client.query(
                "INSERT INTO schema_migrations (version, name, checksum) VALUES (\(next), 'x', '')")
            await #expect(throws: ServerError.unknownMigration(version: next)) {
                try await Migrator(client: client, logger: logger).checkCurrent()
            }
        }
    }

    @Test(
        "a schema altered by hand is refused at start-up",
        arguments: [
            "ALTER TABLE runs ADD COLUMN note text",
            "ALTER TABLE object_buckets DROP CONSTRAINT object_buckets_pkey",
            "CREATE INDEX extra ON runs (head)",
            "CREATE TABLE spare (x int)",
            """
            CREATE FUNCTION keep() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END';
            """,
        ])
    func alteredSchema(statement: String) async throws {
        let url = try await cluster.database()
        try await withDatabase(url, logger: logger) { client in
            try await client.query(PostgresQuery(unsafeSQL: statement))
            if statement.hasPrefix("CREATE FUNCTION") {
                try await client.query(
                    """
                    CREATE TRIGGER keep BEFORE INSERT ON runs
                    FOR EACH ROW EXECUTE FUNCTION keep()
                    """
                )
            }
            await #expect(throws: ServerError.self) {
                try await SchemaCheck.check(client, logger: logger)
            }
        }
    }
}
