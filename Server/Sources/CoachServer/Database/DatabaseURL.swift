import Foundation
import PostgresNIO

/// A PostgreSQL connection URL, `postgres://user[:password]@host[:port]/database`, read into
/// the client's configuration. `?sslmode=require` asks for TLS; otherwise none (a loopback or
/// private-network database).
public struct DatabaseURL: Sendable, Equatable {
    public let host: String
    public let port: Int
    public let user: String
    public let password: String?
    public private(set) var database: String
    public let requireTLS: Bool

    /// Reads `text`; nil when it is not such a URL.
    public init?(_ text: String) {
        guard let url = URLComponents(string: text),
            ["postgres", "postgresql"].contains(url.scheme ?? ""),
            let host = url.host, !host.isEmpty, let user = url.user, !user.isEmpty
        else { return nil }
        let database = String(url.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { return nil }
        self.host = host
        port = url.port ?? 5432
        self.user = user
        password = url.password
        self.database = database
        requireTLS =
            url.queryItems?.contains { $0.name == "sslmode" && $0.value == "require" }
            ?? false
    }

    /// The same server and user, another database.
    public func with(database: String) -> DatabaseURL {
        var copy = self
        copy.database = database
        return copy
    }

    /// The PostgresNIO client configuration.
    public var configuration: PostgresClient.Configuration {
        PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database,
            tls: requireTLS ? .require(.makeClientConfiguration()) : .disable)
    }

    /// The URL without its password, for messages and logs.
    public var redacted: String { "postgres://\(user)@\(host):\(port)/\(database)" }
}
