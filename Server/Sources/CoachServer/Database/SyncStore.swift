import CoachSync
import Logging
import NIOCore
import PostgresNIO

/// Every statement the server runs on its database, one PostgreSQL transaction per request
/// that writes. It holds only what `docs/sync-api.md` lists: registrations, roster entries
/// (public keys, certificates, sealed key rows), challenges, token hashes, batch answers and
/// change envelopes (ciphertext with their signed headers).
public struct SyncStore: Sendable {
    let client: PostgresClient
    /// The key that signs the workspaces' tree heads.
    public let key: ServerKey
    let logger: Logger
    let rosters: RosterCache
    let crash: CrashPoints
    /// The clock of the tree heads a read's flush signs, in Unix milliseconds.
    let now: @Sendable () -> Int64

    /// A store on `client` signing tree heads with `key`, with a cache of verified
    /// rosters.
    public init(
        client: PostgresClient, key: ServerKey, logger: Logger,
        rosters: RosterCache = RosterCache(), crash: CrashPoints = .none,
        now: @escaping @Sendable () -> Int64 = SyncServer.systemMilliseconds
    ) {
        self.now = now
        self.client = client
        self.key = key
        self.logger = logger
        self.rosters = rosters
        self.crash = crash
    }

    /// Runs `body` in one transaction on one connection: committed when it returns, rolled
    /// back when it throws.
    func transaction<T: Sendable>(
        _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await client.withConnection { connection in
            try await connection.query("BEGIN", logger: logger)
            do {
                let value = try await body(connection)
                try await connection.query("COMMIT", logger: logger)
                return value
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    /// Runs `body` in one read-only transaction on one snapshot (repeatable read), so a log
    /// head and the runs, streams and tiles read with it belong together.
    func snapshot<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await connection.query(
                "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
            do {
                let value = try await body(connection)
                try await connection.query("COMMIT", logger: logger)
                return value
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    /// The registration of `workspace`, or nil when it is not registered.
    func registration(_ workspace: String, on connection: PostgresConnection) async throws
        -> WorkspaceRegistration?
    {
        let rows = try await connection.query(
            "SELECT registration FROM workspaces WHERE ws = \(workspace)", logger: logger)
        for try await bytes in rows.decode(ByteBuffer.self) {
            return try SyncJSON.decode(WorkspaceRegistration.self, from: bytes.array)
        }
        return nil
    }
}

extension ByteBuffer {
    /// The readable bytes as an array.
    var array: [UInt8] { Array(readableBytesView) }
}

extension Array where Element == UInt8 {
    /// The bytes as a buffer to bind as `bytea`.
    var buffer: ByteBuffer { ByteBuffer(bytes: self) }
}
