import CoachKit
import CoachSync
import NIOCore
import PostgresNIO

extension SyncStore {
    /// Makes each rotation pushed a fixed point of its athlete's stream: an epoch after the
    /// first must carry a stream position signed by the owner (`RosterStreamMark`), and that
    /// position must be where the stream ends now. The stream's row stays locked until the
    /// roster push commits, so no change under the retired epoch is stored after it.
    ///
    /// - Throws: `SyncProblem` (`roster_rejected` for a missing or forged mark,
    ///   `stream_moved` when the stream moved past it: the client pulls and retries).
    func requireStreamMarks(
        _ entries: [RosterEntry], of roster: ServerRoster, on connection: PostgresConnection
    ) async throws {
        let ws = roster.registration.workspaceId
        let owner = roster.registration.ownerSignPK.bytes
        for case .epoch(let epoch) in entries where epoch.epoch > 1 {
            let id = epoch.athleteId.rawValue
            guard let mark = epoch.streamMark,
                mark.verifies(signPK: owner, workspaceId: ws, epoch: epoch)
            else {
                throw SyncProblem.refuse(
                    .rosterRejected,
                    "epoch \(epoch.epoch) of athlete \(id) carries no stream position signed "
                        + "by the owner")
            }
            let row = try await connection.query(
                """
                SELECT sseq, head FROM streams WHERE ws = \(ws) AND athlete_id = \(id)
                FOR UPDATE
                """, logger: logger
            ).collect().first
            var sseq: Int64 = 0
            var head = StreamChain.genesis
            if let row {
                let (at, bytes) = try row.decode((Int64, ByteBuffer).self)
                (sseq, head) = (at, bytes.array)
            }
            guard sseq == mark.sseq, head == mark.head.bytes else {
                throw SyncProblem.refuse(
                    .streamMoved,
                    "athlete \(id)'s stream is at change \(sseq), not at the change "
                        + "\(mark.sseq) this rotation was made on: pull it and retry")
            }
        }
    }
}
