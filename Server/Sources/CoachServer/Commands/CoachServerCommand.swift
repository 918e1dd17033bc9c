import ArgumentParser
import Foundation
import Logging

/// `coach-server`: the club server of coach sync.
public struct CoachServerCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "coach-server",
        abstract: "The club server of coach sync: a verifying relay on PostgreSQL.",
        subcommands: [MigrateCommand.self, ServeCommand.self])

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
