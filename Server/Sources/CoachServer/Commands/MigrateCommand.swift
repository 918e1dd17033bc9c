import ArgumentParser
import Logging

/// `coach-server migrate`: applies the migrations the database lacks, then checks its schema.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply the numbered schema migrations the database lacks.")

    @OptionGroup var options: DatabaseOption

    func run() async throws {
        let url = try options.url()
        let logger = Logger(label: "coach-server")
        let applied = try await withDatabase(url, logger: logger) { client in
            let applied = try await Migrator(client: client, logger: logger).migrate()
            try await SchemaCheck.check(client, logger: logger)
            return applied
        }
        print(
            applied.isEmpty
                ? "the database is up to date (schema version \(Migration.latest))"
                : "applied migrations \(applied.map(String.init).joined(separator: ", ")); "
                    + "schema version \(Migration.latest)")
    }
}
