import Logging
import PostgresNIO

/// Runs `body` with a connected PostgreSQL client, then shuts the client down.
///
/// A connection or statement failure becomes one line (`ServerError.database`), never the
/// driver's multi-line dump.
@discardableResult
func withDatabase<T: Sendable>(
    _ url: DatabaseURL, logger: Logger, _ body: @Sendable (PostgresClient) async throws -> T
) async throws -> T {
    // The pool's own messages (a lease queued before `run` starts, connections closed at
    // shutdown) are noise unless they are errors.
    var background = logger
    background.logLevel = max(logger.logLevel, .error)
    let client = PostgresClient(configuration: url.configuration, backgroundLogger: background)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { await client.run() }
        defer { group.cancelAll() }
        do {
            return try await body(client)
        } catch let error as PSQLError {
            let detail = error.serverInfo?[.message] ?? "\(error.code)"
            throw ServerError.database("\(url.redacted): \(detail)")
        }
    }
}
