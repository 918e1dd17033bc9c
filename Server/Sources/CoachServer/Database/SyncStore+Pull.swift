import CoachKit
import CoachSync
import NIOCore
import PostgresNIO

extension SyncStore {
    /// The changes after each cursor in the streams the signed-in user may read.
    ///
    /// - Parameters:
    ///   - request: the cursors and the limit.
    ///   - session: the signed-in device.
    /// - Returns: the changes in stream order (only those the log holds, after a round for
    ///   what waits), every readable stream's logged position, whether the limit left nothing
    ///   out, and the newest signed tree head with the consistency proof from the request's
    ///   `log_size` and each served stream's last change's inclusion proof.
    public func pull(_ request: PullRequest, session: SessionDevice) async throws -> PullResponse {
        let limit = max(1, min(request.limit, SyncLimits.maxPullChanges))
        if let size = request.logSize, size < 0 {
            throw SyncProblem.refuse(.malformed, "'log_size' is not a count of log entries")
        }
        // Only logged changes are served: what was pushed before this pull is logged first.
        try await flushLog(session.workspace)
        return try await snapshot { connection in
            let roster = try await lockedRoster(
                session.workspace, on: connection, lock: .read)
            let head = try await newestHead(session.workspace, on: connection)
            let logged = head?.size ?? 0
            let readable = roster.access.keys
                .filter { roster.mayRead($0, user: session.user) }
                .map(\.rawValue).sorted()
            let cursors = readable.map { max(0, request.cursors[$0] ?? 0) }
            var changes: [PulledChange] = []
            // The runs holding the first limit + 1 changes after the cursors: a run counts the
            // changes it holds after its stream's cursor, and is read while the ones before
            // it hold at most `limit`. Each run holds at least one, so the first limit + 1
            // runs are enough to count over.
            let rows = try await connection.query(
                """
                SELECT athlete_id, sseq, n, after, head, body, gseq FROM (
                    SELECT *, sum(taken) OVER (ORDER BY athlete_id, sseq) AS upto FROM (
                        SELECT s.athlete_id, r.sseq, r.n, cur.after, r.head, r.body, l.gseq,
                            least(r.n, r.sseq - cur.after) AS taken
                        FROM unnest(\(readable), \(cursors)) AS cur(athlete_id, after)
                        JOIN streams s ON s.ws = \(session.workspace)
                            AND s.athlete_id = cur.athlete_id
                        JOIN runs r ON r.sid = s.sid AND r.sseq > cur.after
                        JOIN log_runs l ON l.ws = s.ws AND l.sid = r.sid AND l.seq = r.sseq
                            AND l.gseq + l.n <= \(logged)
                        ORDER BY s.athlete_id, r.sseq LIMIT \(limit + 1)
                    ) first
                ) w WHERE upto - taken <= \(limit) ORDER BY athlete_id, sseq
                """, logger: logger)
            // Each stream's last change served, where it is in the log.
            var lasts: [(stream: AthleteID?, sseq: Int64, gseq: Int64)] = []
            for try await (id, sseq, count, after, head, body, gseq) in rows.decode(
                (String, Int64, Int32, Int64, ByteBuffer, ByteBuffer, Int64).self)
            {
                let first = sseq - Int64(count) + 1
                for (offset, change) in ChangeRun.unpack(body.array, head: head.array).enumerated()
                where first + Int64(offset) > after && changes.count <= limit {
                    changes.append(
                        PulledChange(
                            stream: AthleteID(id), sseq: first + Int64(offset),
                            streamHead: change.head, change: change.bytes))
                    if changes.count <= limit {
                        if lasts.last?.stream != AthleteID(id) {
                            lasts.append((AthleteID(id), 0, 0))
                        }
                        lasts[lasts.count - 1] = (
                            AthleteID(id), first &+ Int64(offset), gseq &+ Int64(offset)
                        )
                    }
                }
            }
            let done = changes.count <= limit
            if !done { changes.removeLast() }
            var streams: [StreamState] = []
            let states = try await connection.query(
                """
                SELECT s.athlete_id, coalesce(l.seq, 0),
                    coalesce(l.head, \(StreamChain.genesis.buffer))
                FROM streams s LEFT JOIN log_streams l ON l.ws = s.ws AND l.sid = s.sid
                WHERE s.ws = \(session.workspace) AND s.athlete_id = ANY(\(readable))
                ORDER BY s.athlete_id
                """, logger: logger)
            for try await (id, sseq, head) in states.decode((String, Int64, ByteBuffer).self) {
                let athlete = AthleteID(id)
                let epoch = Int64(roster.access[athlete]?.epoch.epoch ?? 0)
                streams.append(
                    StreamState(stream: athlete, sseq: sseq, head: head.array, epoch: epoch))
            }
            var answer = PullResponse(
                changes: changes, streams: streams, done: done, rosterHead: roster.roster.head,
                inbox: try await inboxCounts(session.workspace, readable, on: connection))
            if let head {
                let proofs = try await logProofs(
                    session.workspace, head: head, logSize: request.logSize, leaves: lasts,
                    on: connection)
                answer.treeHead = head
                answer.consistency = proofs.consistency
                answer.inclusions = proofs.inclusions
            }
            return answer
        }
    }
}
