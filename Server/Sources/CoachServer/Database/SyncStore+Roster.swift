import CoachCrypto
import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO

extension SyncStore {
    /// Registers a workspace with its first roster entries, in one transaction.
    ///
    /// - Throws: `SyncProblem` (`workspace_exists`, `roster_rejected`).
    public func register(_ request: RegistrationRequest) async throws -> RegistrationResponse {
        let registration = request.registration
        let ws = registration.workspaceId
        let verified = try await transaction { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO workspaces (ws, owner_user_id, owner_sign_pk, registration)
                VALUES (\(ws), \(registration.ownerUserId.rawValue),
                    \(registration.ownerSignPK.bytes.buffer),
                    \(try SyncJSON.encode(registration).buffer))
                ON CONFLICT (ws) DO NOTHING RETURNING ws
                """, logger: logger
            ).collect()
            guard !inserted.isEmpty else {
                throw SyncProblem.refuse(.workspaceExists, "workspace \(ws) is registered already")
            }
            try await connection.query(
                """
                INSERT INTO roster_heads (ws, count, head)
                VALUES (\(ws), 0, \(RosterHead.empty.hash.bytes.buffer))
                """, logger: logger)
            let empty = try VerifiedRosterBuilder.empty(registration)
            return try await append(
                request.roster, to: empty, on: connection)
        }
        await rosters.store(verified)
        return RegistrationResponse(workspaceId: ws, rosterHead: verified.roster.head)
    }

    /// Appends roster entries by compare-and-swap on the head, in one transaction.
    ///
    /// - Throws: `SyncProblem` (`unknown_workspace`, `roster_head_moved`, `stream_moved`,
    ///   `roster_rejected`).
    public func pushRoster(_ workspace: String, _ push: RosterPush) async throws -> RosterHead {
        let verified = try await transaction { connection in
            let current = try await lockedRoster(workspace, on: connection, lock: .change)
            guard current.roster.head == push.expectedHead else {
                var problem = SyncProblem.refuse(
                    .rosterHeadMoved,
                    "the roster moved to \(current.roster.head.count) entries since the "
                        + "\(push.expectedHead.count) this push was made on: pull it and retry")
                problem.rosterHead = current.roster.head
                throw problem
            }
            try await requireStreamMarks(push.entries, of: current.roster, on: connection)
            try await requireLoggedCheckpoints(workspace, push.entries, on: connection)
            return try await append(push.entries, to: current, on: connection)
        }
        await rosters.store(verified)
        return verified.roster.head
    }

    /// How a request holds the roster's head row while it works.
    enum RosterLock {
        /// A plain read (a request that changes nothing).
        case read
        /// Shared with other pushes, so no roster change commits under a push.
        case push
        /// Alone: a roster change.
        case change
    }

    /// The roster of `workspace`, its head row held as `lock` says, verified from the stored
    /// entries when the cache does not hold it.
    func lockedRoster(_ workspace: String, on connection: PostgresConnection, lock: RosterLock)
        async throws -> VerifiedRoster
    {
        let query: PostgresQuery =
            switch lock {
            case .read: "SELECT count FROM roster_heads WHERE ws = \(workspace)"
            case .push: "SELECT count FROM roster_heads WHERE ws = \(workspace) FOR KEY SHARE"
            case .change: "SELECT count FROM roster_heads WHERE ws = \(workspace) FOR UPDATE"
            }
        guard
            let count = try await connection.query(query, logger: logger).collect().first?
                .decode(Int64.self)
        else {
            throw SyncProblem.refuse(
                .unknownWorkspace, "workspace \(workspace) is not registered here")
        }
        return try await rosters.roster(workspace, count: count) {
            try await loadRoster(workspace, on: connection)
        }
    }

    /// Reads and verifies the stored roster entries.
    func loadRoster(_ workspace: String, on connection: PostgresConnection) async throws
        -> VerifiedRoster
    {
        guard let registration = try await registration(workspace, on: connection) else {
            throw SyncProblem.refuse(
                .unknownWorkspace, "workspace \(workspace) is not registered here")
        }
        var roster = ServerRoster(registration: registration)
        let rows = try await connection.query(
            "SELECT entry, head FROM roster WHERE ws = \(workspace) ORDER BY rseq", logger: logger)
        do {
            for try await (entry, head) in rows.decode((ByteBuffer, ByteBuffer).self) {
                try roster.apply(try SyncJSON.decode(RosterEntry.self, from: entry.array))
                guard roster.head.hash.bytes == head.array else {
                    throw RosterRefusal("entry \(roster.head.count) does not chain")
                }
            }
            return try VerifiedRoster(roster)
        } catch let refusal as RosterRefusal {
            logger.error("stored roster of \(workspace) does not verify: \(refusal.message)")
            throw ServerError.rosterTampered(workspace: workspace, why: refusal.message)
        }
    }

    /// Applies, verifies and stores `entries` after `current`.
    private func append(
        _ entries: [RosterEntry], to current: VerifiedRoster, on connection: PostgresConnection
    ) async throws -> VerifiedRoster {
        var roster = current.roster
        let ws = roster.registration.workspaceId
        let verified: VerifiedRoster
        do {
            for entry in entries { try roster.apply(entry) }
            verified = try VerifiedRoster(roster)
            try verified.requireStanding(of: entries)
        } catch let refusal as RosterRefusal {
            throw SyncProblem.refuse(.rosterRejected, refusal.message)
        }
        var head = current.roster.head
        var leaves: [UInt8] = []
        for entry in entries {
            head = head.appending(entry)
            leaves += MerkleHasher.blake2b256.leaf(
                LogLeaf.rosterEntry(
                    sequence: UInt64(head.count), entryHash: entry.hash, head: head.hash.bytes))
            try await connection.query(
                """
                INSERT INTO roster (ws, rseq, kind, entry, head)
                VALUES (\(ws), \(head.count), \(entry.type), \(try SyncJSON.encode(entry).buffer),
                    \(head.hash.bytes.buffer))
                """, logger: logger)
            switch entry {
            case .device(let device):
                try await connection.query(
                    """
                    INSERT INTO devices (ws, device_id, user_id, dev_head)
                    VALUES (\(ws), \(device.deviceId.rawValue), \(device.userId.rawValue),
                        \(StreamChain.genesis.buffer))
                    """, logger: logger)
            case .athlete(let athlete):
                try await connection.query(
                    """
                    INSERT INTO streams (ws, athlete_id, head)
                    VALUES (\(ws), \(athlete.athleteId.rawValue), \(StreamChain.genesis.buffer))
                    """, logger: logger)
            case .checkinDevice, .deviceRevocation:
                try await storeCheckin(entry, workspace: ws, on: connection)
            default: break
            }
        }
        try await connection.query(
            """
            UPDATE roster_heads SET count = \(head.count), head = \(head.hash.bytes.buffer)
            WHERE ws = \(ws)
            """, logger: logger)
        if !entries.isEmpty {
            // The entries wait for the sequencer as the roster's run (stream key 0).
            try await connection.query(
                """
                INSERT INTO log_pending (ws, sid, seq, n, head, leaves)
                VALUES (\(ws), 0, \(head.count), \(Int32(entries.count)),
                    \(head.hash.bytes.buffer), \(leaves.buffer))
                """, logger: logger)
        }
        return verified
    }

    /// The logged roster entries after the first `after`, up to a page, with the newest signed
    /// tree head, the consistency proof from `logSize` when given, and the page's last entry's
    /// inclusion proof.
    ///
    /// Only entries the signed head covers are served, as a pull serves only logged changes:
    /// an entry pushed after the log's last round, or left when the round was busy, waits for
    /// the next page. `done` says nothing more is logged past the page.
    public func rosterPage(_ workspace: String, after: Int64, logSize: Int64? = nil)
        async throws -> RosterPage
    {
        try await flushLog(workspace)
        return try await snapshot { connection in
            let verified = try await lockedRoster(workspace, on: connection, lock: .read)
            let logged = try await rosterLoggedEnd(workspace, on: connection)
            let rows = try await connection.query(
                """
                SELECT entry, head, rseq FROM roster WHERE ws = \(workspace) AND rseq > \(after)
                    AND rseq <= \(logged)
                ORDER BY rseq LIMIT \(SyncLimits.maxRosterPage)
                """, logger: logger)
            var entries: [RosterEntry] = []
            var head = after == 0 ? RosterHead.empty : nil
            for try await (entry, hash, rseq) in rows.decode((ByteBuffer, ByteBuffer, Int64).self) {
                entries.append(try SyncJSON.decode(RosterEntry.self, from: entry.array))
                head = RosterHead(count: rseq, hash: hash.array)
            }
            if head == nil {
                // Nothing logged past the caller's place: the page ends where it started.
                head = try await rosterHead(workspace, at: after, on: connection)
            }
            let end = head ?? verified.roster.head
            var page = RosterPage(
                registration: verified.roster.registration, after: after, entries: entries,
                head: end, done: end.count >= logged)
            try await addLog(to: &page, workspace, logSize: logSize, on: connection)
            return page
        }
    }
}

/// Builds the verified roster of a workspace with no entries yet.
enum VerifiedRosterBuilder {
    /// The empty roster of `registration`, unchecked (the first push verifies).
    static func empty(_ registration: WorkspaceRegistration) throws -> VerifiedRoster {
        VerifiedRoster(unverifiedEmpty: ServerRoster(registration: registration))
    }
}
