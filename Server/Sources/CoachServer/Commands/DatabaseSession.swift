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
    let client = PostgresClient(configuration: url.configuration, backgroundLogger: logger)
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
