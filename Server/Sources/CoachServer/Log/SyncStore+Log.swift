import CoachKit
import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO

extension SyncStore {
    /// The newest signed tree head of `ws`, or nil before the first round.
    func newestHead(_ ws: String, on connection: PostgresConnection) async throws
        -> ServerTreeHead?
    {
        let row = try await connection.query(
            """
            SELECT size, root, time, key_id, signature FROM tree_heads WHERE ws = \(ws)
            ORDER BY size DESC LIMIT 1
            """, logger: logger
        ).collect().first
        guard
            let (size, root, time, keyId, signature) = try row?.decode(
                (Int64, ByteBuffer, Int64, ByteBuffer, ByteBuffer).self)
        else { return nil }
        return ServerTreeHead(
            workspace: ws, keyId: keyId.array, size: size, root: root.array, time: time,
            signature: signature.array)
    }

    /// The proofs `plans` describe (from `MerkleProofs`), assembled from the tiles read in one
    /// statement.
    ///
    /// - Throws: `MerkleError.missingNode` when a planned subtree is not in the log.
    func assemble(
        _ ws: String, _ plans: [[[MerkleNodeID]]], on connection: PostgresConnection
    ) async throws -> [[[UInt8]]] {
        let tiles = try await LogTiles.load(
            ws, for: plans.flatMap { $0.flatMap { $0 } }, on: connection, store: self)
        return try plans.map { plan in
            try MerkleProofs.assemble(plan, hasher: .blake2b256) {
                try tiles.hash($0, hasher: .blake2b256)
            }
        }
    }

    /// The consistency proof from the log of `old` leaves to that of `new` leaves.
    ///
    /// - Throws: `MerkleError` when the sizes are out of order or past the log.
    public func consistencyProof(_ ws: String, from old: Int64, to new: Int64) async throws
        -> [[UInt8]]
    {
        guard old >= 0, new >= 0 else {
            throw MerkleError.outOfRange(index: UInt64(bitPattern: old), size: 0)
        }
        let plan = try MerkleProofs.consistencyPlan(from: UInt64(old), to: UInt64(new))
        return try await client.withConnection { connection in
            try await assemble(ws, [plan], on: connection)[0]
        }
    }

    /// The inclusion proof of leaf `index` in the log of `size` leaves.
    ///
    /// - Throws: `MerkleError` when the leaf or the size is past the log.
    public func inclusionProof(_ ws: String, index: Int64, size: Int64) async throws
        -> [[UInt8]]
    {
        guard index >= 0, size >= 0 else {
            throw MerkleError.outOfRange(index: UInt64(bitPattern: index), size: 0)
        }
        let plan = try MerkleProofs.inclusionPlan(index: UInt64(index), size: UInt64(size))
        return try await client.withConnection { connection in
            try await assemble(ws, [plan], on: connection)[0]
        }
    }
}

extension SyncStore {
    /// Runs a sequencer round for `ws` first when anything waits to be logged, so a read
    /// serves what was pushed before it. A round held up by another process for over 2 s is
    /// left to it: the read then serves what is logged.
    ///
    /// - Throws: `ServerError.logTampered` when the stored log does not verify.
    func flushLog(_ ws: String) async throws {
        let pending = try await client.query(
            "SELECT EXISTS (SELECT 1 FROM log_pending WHERE ws = \(ws))", logger: logger
        ).collect().first?.decode(Bool.self)
        guard pending == true else { return }
        do {
            _ = try await Sequencer(store: self, now: now).round(ws, wait: true)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "55P03" {
            logger.warning("the log of \(ws) is busy: serving what is logged")
        }
    }

    /// The log part of a read's answer: the consistency proof from `logSize` (when the caller
    /// names one the head covers) and the inclusion proof of each leaf in `leaves`, all in the
    /// tree of `head`, from one read of the tiles.
    func logProofs(
        _ ws: String, head: ServerTreeHead, logSize: Int64?,
        leaves: [(stream: AthleteID?, sseq: Int64, gseq: Int64)], on connection: PostgresConnection
    ) async throws -> (consistency: [SyncBytes]?, inclusions: [LogInclusion]) {
        let size = UInt64(max(0, head.size))
        var plans: [[[MerkleNodeID]]] = []
        let proves = logSize.map { $0 >= 0 && $0 <= head.size } ?? false
        if proves, let logSize {
            plans.append(try MerkleProofs.consistencyPlan(from: UInt64(logSize), to: size))
        }
        for leaf in leaves {
            guard let index = UInt64(exactly: leaf.gseq) else {
                throw ServerError.logTampered(
                    workspace: ws, why: "a logged run has the place \(leaf.gseq)")
            }
            plans.append(try MerkleProofs.inclusionPlan(index: index, size: size))
        }
        var proofs = try await assemble(ws, plans, on: connection)
        let consistency = proves ? proofs.removeFirst().map(SyncBytes.init) : nil
        let inclusions = zip(leaves, proofs).map { leaf, path in
            LogInclusion(stream: leaf.stream, sseq: leaf.sseq, gseq: leaf.gseq, path: path)
        }
        return (consistency, inclusions)
    }
}

extension SyncStore {
    /// Adds the newest signed head and its proofs to a roster page: from `logSize`, and of the
    /// page's last entry when the head covers it.
    func addLog(
        to page: inout RosterPage, _ ws: String, logSize: Int64?,
        on connection: PostgresConnection
    ) async throws {
        guard let head = try await newestHead(ws, on: connection) else { return }
        var leaves: [(stream: AthleteID?, sseq: Int64, gseq: Int64)] = []
        if !page.entries.isEmpty {
            let rseq = page.head.count
            let row = try await connection.query(
                """
                SELECT gseq + (\(rseq) - (seq - n + 1)) FROM log_runs
                WHERE ws = \(ws) AND sid = 0 AND seq >= \(rseq) AND seq - n < \(rseq)
                    AND gseq + n <= \(head.size)
                """, logger: logger
            ).collect().first
            if let gseq = try row?.decode(Int64.self) { leaves.append((nil, rseq, gseq)) }
        }
        let proofs = try await logProofs(
            ws, head: head, logSize: logSize, leaves: leaves, on: connection)
        page.treeHead = head
        page.consistency = proofs.consistency
        page.inclusion = proofs.inclusions.first
    }

    /// The newest signed head and the proofs `request` asks for, in its order.
    ///
    /// - Throws: `SyncProblem` (`too_large` past `LogProofsRequest.maxProofs`, `not_found`
    ///   for a size or leaf past the newest head, `malformed` for sizes out of order).
    public func logProofs(_ ws: String, _ request: LogProofsRequest) async throws
        -> LogProofsResponse
    {
        let count = request.consistency.count + request.inclusion.count
        guard count <= LogProofsRequest.maxProofs else {
            throw SyncProblem.refuse(
                .tooLarge, "at most \(LogProofsRequest.maxProofs) proofs a request, not \(count)")
        }
        return try await snapshot { connection in
            let head = try await newestHead(ws, on: connection)
            let size = head?.size ?? 0
            var plans: [[[MerkleNodeID]]] = []
            for ask in request.consistency {
                guard ask.from >= 0, ask.from <= ask.to else {
                    throw SyncProblem.refuse(
                        .malformed, "a consistency proof from \(ask.from) to \(ask.to) leaves")
                }
                guard ask.to <= size else {
                    throw SyncProblem.refuse(
                        .notFound, "the log has \(size) signed leaves, not \(ask.to)")
                }
                plans.append(
                    try MerkleProofs.consistencyPlan(from: UInt64(ask.from), to: UInt64(ask.to)))
            }
            for ask in request.inclusion {
                guard ask.gseq >= 0, ask.gseq < ask.size else {
                    throw SyncProblem.refuse(
                        .malformed, "leaf \(ask.gseq) is not in a tree of \(ask.size) leaves")
                }
                guard ask.size <= size else {
                    throw SyncProblem.refuse(
                        .notFound, "the log has \(size) signed leaves, not \(ask.size)")
                }
                plans.append(
                    try MerkleProofs.inclusionPlan(index: UInt64(ask.gseq), size: UInt64(ask.size)))
            }
            var proofs = try await assemble(ws, plans, on: connection)[...]
            let consistency = request.consistency.map { ask in
                LogProofsResponse.Consistency(
                    from: ask.from, to: ask.to, path: proofs.popFirst() ?? [])
            }
            let inclusion = request.inclusion.map { ask in
                LogProofsResponse.Inclusion(
                    gseq: ask.gseq, size: ask.size, path: proofs.popFirst() ?? [])
            }
            return LogProofsResponse(
                treeHead: head, consistency: consistency, inclusion: inclusion)
        }
    }
}
