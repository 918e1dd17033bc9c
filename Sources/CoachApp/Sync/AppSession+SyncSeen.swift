import CoachKit
import CoachStore
import CoachSync

extension AppSession {
    /// Checks that the served log extends each log position the page's changes name as
    /// seen, before anything of the page is applied: the consistency proofs from each
    /// position to the served head are asked for (`POST log/proofs`, at most 64 a request;
    /// none when no change names a position the replica has not proved already).
    ///
    /// - Throws: `LogFailure.seenForked` or `.rolledBack` (exit 74, the evidence kept).
    func verifySeen(
        _ client: SyncClient, workspace id: String, _ changes: [ReceivedChange],
        under served: ServerTreeHead?
    ) throws {
        let claims = try workspace.seenClaims(changes, under: served, as: principal)
        guard !claims.isEmpty, let size = served?.size else { return }
        var proofs: [LogProofsResponse.Consistency] = []
        let asked = Array(Set(claims.map(\.position.size)).filter { $0 < UInt64(size) }).sorted()
        for start in stride(from: 0, to: asked.count, by: LogProofsRequest.maxProofs) {
            let batch = asked[start..<min(start + LogProofsRequest.maxProofs, asked.count)]
            let answer = try client.call(
                "POST", SyncPath.logProofs(id),
                LogProofsRequest(
                    consistency: batch.map { .init(from: Int64($0), to: size) }),
                as: LogProofsResponse.self)
            proofs += answer.consistency
        }
        try workspace.verifySeen(claims, proofs: proofs, under: served, as: principal)
    }
}
