import CoachKit
import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO

extension SyncStore {
    /// Drops the stored bodies of the changes its own header check proves superseded in the
    /// named athlete streams, keeping each change's header, body hash and signature: a change
    /// followed in its stream by a change of the same object at a higher epoch (a rekey's
    /// re-seal or a later edit), or every change of an athlete the verified roster removed.
    /// Each run holding such a change is rewritten without the body in one transaction, so
    /// the bytes leave the live row; hashes, stream heads and log leaves stay as they were.
    ///
    /// - Parameters:
    ///   - request: the streams to redact in.
    ///   - session: the signed-in device: the owner's, or a staff member's holding each live
    ///     athlete named (a removed athlete's stream only the owner's).
    /// - Returns: each stream's changes redacted now, and how many were before.
    /// - Throws: `SyncProblem` (`malformed`, `unknown_stream`, `out_of_role`).
    public func redact(_ request: RedactionRequest, session: SessionDevice) async throws
        -> RedactionResponse
    {
        let ws = session.workspace
        let athletes = Set(request.streams).sorted { $0.rawValue < $1.rawValue }
        guard !athletes.isEmpty, athletes.count <= RedactionRequest.maxStreams else {
            throw SyncProblem.refuse(
                .malformed,
                "a redaction names 1 to \(RedactionRequest.maxStreams) athlete streams")
        }
        return try await transaction { connection in
            let roster = try await lockedRoster(ws, on: connection, lock: .push)
            let removals = try athletes.map { athlete in
                try Self.mayRedact(athlete, user: session.user, roster: roster)
            }
            var answer = RedactionResponse(streams: [])
            for (athlete, removed) in zip(athletes, removals) {
                answer.streams.append(
                    try await redactStream(ws, athlete, removed: removed, on: connection))
            }
            return answer
        }
    }

    /// Whether `user` may redact in the athlete's stream; true when the roster removed the
    /// athlete (every body of the stream may go).
    ///
    /// - Throws: `SyncProblem` (`unknown_stream`, `out_of_role`).
    static func mayRedact(_ athlete: AthleteID, user: UserCertificate, roster: VerifiedRoster)
        throws -> Bool
    {
        let owner = user.role == .owner
        if roster.roster.removed.contains(athlete) {
            guard owner else {
                throw SyncProblem.refuse(
                    .outOfRole,
                    "only the owner redacts the stream of removed athlete \(athlete)")
            }
            return true
        }
        guard let access = roster.access[athlete] else {
            throw SyncProblem.refuse(
                .unknownStream, "athlete \(athlete) is not on the roster")
        }
        guard owner || (user.role == .coach && access.holds(user.userId)) else {
            throw SyncProblem.refuse(
                .outOfRole,
                "user \(user.handle) may not redact athlete \(athlete)'s stream: only the "
                    + "owner or staff holding the athlete's current key")
        }
        return false
    }

    /// Redacts the superseded bodies of one stream, its row locked as a push locks it.
    private func redactStream(
        _ ws: String, _ athlete: AthleteID, removed: Bool, on connection: PostgresConnection
    ) async throws -> RedactionResponse.Stream {
        let row = try await connection.query(
            """
            SELECT sid FROM streams WHERE ws = \(ws) AND athlete_id = \(athlete.rawValue)
            FOR UPDATE
            """, logger: logger
        ).collect().first
        guard let sid = try row?.decode(Int64.self) else {
            return RedactionResponse.Stream(stream: athlete, redacted: [], already: 0)
        }
        let rows = try await connection.query(
            "SELECT sseq, n, head, body FROM runs WHERE sid = \(sid) ORDER BY sseq",
            logger: logger)
        var runs: [RedactionRun] = []
        for try await (sseq, count, head, body) in rows.decode(
            (Int64, Int32, ByteBuffer, ByteBuffer).self)
        {
            runs.append(
                RedactionRun(
                    last: sseq, count: Int(count),
                    changes: ChangeRun.unpack(body.array, head: head.array).map(\.bytes)))
        }
        let plan = RedactionRun.plan(runs, removed: removed)
        if !plan.rewritten.isEmpty {
            try await connection.query(
                """
                UPDATE runs SET body = u.b
                FROM unnest(\(plan.rewritten.map(\.last)),
                    \(plan.rewritten.map(\.body.buffer))) AS u(s, b)
                WHERE runs.sid = \(sid) AND runs.sseq = u.s
                """, logger: logger)
        }
        return RedactionResponse.Stream(
            stream: athlete, redacted: plan.redacted, already: Int64(plan.already))
    }
}
