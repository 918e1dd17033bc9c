import CoachKit
import CoachStore
import CoachSync
import CoachTrust

extension AppSession {
    /// Holds a checkpoint the owner signed since `before` to the head this replica verified:
    /// the server's consistency proof from the checkpoint's size to the held one is asked for
    /// (`POST log/proofs`; not when the sizes are equal) and checked.
    ///
    /// - Parameters:
    ///   - client: the server.
    ///   - id: the workspace id.
    ///   - before: the checkpoint held when the sync began.
    /// - Throws: `LogFailure.checkpointForked` or `.rolledBack` (exit 74, the evidence kept).
    func verifyCheckpoint(
        _ client: SyncClient, workspace id: String, since before: TreeHeadCountersignature?
    ) throws {
        var path: [[UInt8]] = []
        if let sizes = try workspace.checkpointProofSizes(since: before, as: principal) {
            let from = Int64(sizes.from)
            let to = Int64(sizes.to)
            let answer = try client.call(
                "POST", SyncPath.logProofs(id),
                LogProofsRequest(consistency: [.init(from: from, to: to)]),
                as: LogProofsResponse.self)
            let proof = answer.consistency.first { $0.from == from && $0.to == to }
            path = proof?.path.map(\.bytes) ?? []
        }
        try workspace.verifyCheckpoint(since: before, proof: path, as: principal)
    }
}
