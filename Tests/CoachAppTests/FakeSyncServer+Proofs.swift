import CoachApp
import CoachSync
import CoachTrust

extension FakeSyncServer {
    /// `POST log/proofs`: the newest head and each consistency proof asked for, over the
    /// fake's log as it is now (a proof past its size is left out).
    func logProofs(_ request: LogProofsRequest, workspace: String) throws -> SyncHTTPResponse {
        let log = try merkleLog()
        state.withLock { $0.proofRequests += 1 }
        let consistency = try request.consistency.compactMap {
            asked -> LogProofsResponse.Consistency? in
            guard asked.from >= 0, asked.from <= asked.to, UInt64(asked.to) <= log.size else {
                return nil
            }
            return LogProofsResponse.Consistency(
                from: asked.from, to: asked.to,
                path: try log.consistencyProof(from: UInt64(asked.from), to: UInt64(asked.to)))
        }
        return try ok(
            LogProofsResponse(
                treeHead: ServerTreeHead(try treeHead(workspace: workspace)),
                consistency: consistency, inclusion: []))
    }
}
