import ArgumentParser
import Foundation
import Logging

/// `coach-server`: the club server of coach sync.
public struct CoachServerCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "coach-server",
        abstract: "The club server of coach sync: a verifying relay on PostgreSQL.",
        subcommands: [MigrateCommand.self, ServeCommand.self, KeygenCommand.self])

    public init() {}

    /// Runs the command line, logging to standard error (standard output is for answers).
    public static func run() async {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        await main()
    }
}

/// The database option both commands take.
struct DatabaseOption: ParsableArguments {
    @Option(
        name: .long,
        help: "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (or COACH_SERVER_DATABASE)")
    var database: String?

    /// The URL from the option or the environment.
    func url() throws -> DatabaseURL {
        let text = database ?? ProcessInfo.processInfo.environment["COACH_SERVER_DATABASE"]
        guard let text, !text.isEmpty else { throw ServerError.noDatabase }
        guard let url = DatabaseURL(text) else { throw ServerError.badDatabaseURL }
        return url
    }
}

/// The server key option `serve` takes.
struct ServerKeyOption: ParsableArguments {
    @Option(
        name: .long,
        help: "The server key file from coach-server keygen (or COACH_SERVER_KEY_FILE)")
    var key: String?

    /// The key read from the file the option or the environment names.
    ///
    /// - Throws: `ServerError.noServerKey` without one, `.keyFile` when it cannot be used.
    func load() throws -> ServerKey {
        let path = key ?? ProcessInfo.processInfo.environment["COACH_SERVER_KEY_FILE"]
        guard let path, !path.isEmpty else { throw ServerError.noServerKey }
        return try ServerKey.read(from: path)
    }
}
