import CoachSync
import CoachTrust
import Logging
import Metrics
import NIOCore
import PostgresNIO

/// Numbers a workspace's accepted changes and roster entries in its Merkle log and signs the
/// new tree head: one round is one transaction.
///
/// Pushes never wait for it: they only leave their runs' leaf hashes in `log_pending`. A round
/// opens with a transaction-scoped advisory lock on the workspace (another process holding it
/// is sequencing that workspace, so this one skips), locks `log_state`, and signs only when the
/// stored right edge gives the root of the newest signed head (a database edited behind the
/// server's back is refused, never signed over). Then it reads the pending runs in stream
/// order, numbers their leaves from the log's size on without a gap, extends the tree and
/// writes the tiles, `log_runs`, `log_streams`, `log_state` and the signed head, deletes the
/// pending rows, and commits; anything that fails rolls all of it back.
public struct Sequencer: Sendable {
    /// What a round did.
    public enum Outcome: Equatable, Sendable {
        /// Another process holds the workspace's sequencing lock.
        case skipped
        /// Nothing was pending.
        case idle
        /// The log grew to `size` leaves and a head of that size was signed.
        case signed(size: Int64)
    }

    /// The first key of the two-key advisory lock space ("colg"); the second is the hash of
    /// the workspace id.
    static let lockSpace: Int32 = 0x636F_6C67
    /// The most pending runs one round takes.
    static let roundLimit = 4_096

    let store: SyncStore
    let now: @Sendable () -> Int64
    let hasher = MerkleHasher.blake2b256

    /// A sequencer on `store`'s database, timing heads with `now` (Unix milliseconds).
    public init(store: SyncStore, now: @escaping @Sendable () -> Int64) {
        self.store = store
        self.now = now
    }

    /// The workspaces with pending runs.
    public func pendingWorkspaces() async throws -> [String] {
        let rows = try await store.client.query(
            "SELECT DISTINCT ws FROM log_pending", logger: store.logger)
        var found: [String] = []
        for try await ws in rows.decode(String.self) { found.append(ws) }
        return found
    }

    /// Runs one round for `ws`.
    ///
    /// - Parameter wait: wait (at most 2 s) for another process's round instead of skipping,
    ///   for a read that must serve what was pushed before it.
    /// - Returns: what the round did.
    /// - Throws: `ServerError.logTampered` when the stored log does not match its newest
    ///   signed head (nothing is signed), `.database` on a failed statement.
    public func round(_ ws: String, wait: Bool = false) async throws -> Outcome {
        let outcome = try await store.transaction { connection -> Outcome in
            guard try await lock(ws, wait: wait, on: connection) else { return .skipped }
            var range = try await checkedState(ws, on: connection)
            let pending = try await LogPending.read(
                ws, limit: Self.roundLimit, store: store, on: connection)
            guard !pending.isEmpty else { return .idle }
            var write = LogRoundWrite()
            for run in pending {
                write.runs.append((Int64(range.size), run.sid, run.seq, Int32(run.leaves.count)))
                write.streams[run.sid] = (run.seq, run.head)
                for leaf in run.leaves {
                    write.nodes += try range.append(leaf, hasher: hasher)
                }
            }
            let root = range.root(hasher: hasher)
            let size = Int64(range.size)
            let time = now()
            let keyId = store.key.keyId
            let signature = store.key.sign(
                ServerTreeHead.message(
                    workspace: ws, keyId: keyId, size: size, root: root, time: time))
            try await write.store(
                ws, range: range, root: root,
                head: (time, keyId, signature), store: store, on: connection)
            return .signed(size: size)
        }
        Counter(label: "coach_log_rounds_total", dimensions: [("outcome", outcome.label)])
            .increment()
        return outcome
    }

    /// Takes the workspace's sequencing lock for this transaction.
    private func lock(_ ws: String, wait: Bool, on connection: PostgresConnection) async throws
        -> Bool
    {
        if wait {
            try await connection.query("SET LOCAL lock_timeout = '2s'", logger: store.logger)
            // Read to its end, so a lock timeout is thrown here.
            _ = try await connection.query(
                "SELECT pg_advisory_xact_lock(\(Self.lockSpace), hashtext(\(ws)))",
                logger: store.logger
            ).collect()
            return true
        }
        let row = try await connection.query(
            "SELECT pg_try_advisory_xact_lock(\(Self.lockSpace), hashtext(\(ws)))",
            logger: store.logger
        ).collect().first
        return try row?.decode(Bool.self) ?? false
    }

    /// The log's right edge, locked, after the integrity guard: its root must be the stored
    /// root and the newest signed head's (an empty log when none was signed).
    private func checkedState(_ ws: String, on connection: PostgresConnection) async throws
        -> MerkleRange
    {
        try await connection.query(
            """
            INSERT INTO log_state (ws, size, root, frontier)
            VALUES (\(ws), 0, \(hasher.empty.buffer), ''::bytea) ON CONFLICT (ws) DO NOTHING
            """, logger: store.logger)
        let row = try await connection.query(
            """
            SELECT s.size, s.root, s.frontier, h.size, h.root, h.key_id, h.time, h.signature
            FROM log_state s
            LEFT JOIN LATERAL (SELECT size, root, key_id, time, signature FROM tree_heads t
                WHERE t.ws = s.ws ORDER BY size DESC LIMIT 1) h ON true
            WHERE s.ws = \(ws) FOR UPDATE OF s
            """, logger: store.logger
        ).collect().first
        guard
            let (size, root, frontier, headSize, headRoot, keyId, time, signature) =
                try row?.decode(
                    (
                        Int64, ByteBuffer, ByteBuffer, Int64?, ByteBuffer?, ByteBuffer?, Int64?,
                        ByteBuffer?
                    ).self)
        else { throw ServerError.database("workspace \(ws) has no log state") }
        if let headSize, let headRoot, let keyId, let time, let signature {
            let head = ServerTreeHead(
                workspace: ws, keyId: keyId.array, size: headSize, root: headRoot.array,
                time: time, signature: signature.array)
            guard head.isSigned(by: store.key.publicKey) else {
                throw refuse(ws, "its newest head (\(headSize) leaves) is not signed by this key")
            }
        }
        let hashes = frontier.array.chunked(LogTiles.hashBytes)
        let range: MerkleRange
        do {
            range = try MerkleRange(size: UInt64(max(0, size)), frontier: hashes)
        } catch {
            throw refuse(ws, "its stored right edge does not fit its size \(size)")
        }
        guard range.root(hasher: hasher) == root.array else {
            throw refuse(ws, "its stored right edge does not give its stored root")
        }
        guard headSize ?? 0 == size, (headRoot?.array ?? hasher.empty) == root.array else {
            throw refuse(
                ws,
                "its stored state (\(size) leaves) is not its newest signed head "
                    + "(\(headSize ?? 0) leaves)")
        }
        return range
    }

    private func refuse(_ ws: String, _ why: String) -> ServerError {
        store.logger.error("the log of workspace \(ws) does not verify: \(why)")
        Counter(label: "coach_log_integrity_failures_total").increment()
        return ServerError.logTampered(workspace: ws, why: why)
    }
}

extension Sequencer.Outcome {
    var label: String {
        switch self {
        case .skipped: "skipped"
        case .idle: "idle"
        case .signed: "signed"
        }
    }
}

extension Array where Element == UInt8 {
    /// The bytes cut into pieces of `size` (the last one shorter when they do not divide).
    func chunked(_ size: Int) -> [[UInt8]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
