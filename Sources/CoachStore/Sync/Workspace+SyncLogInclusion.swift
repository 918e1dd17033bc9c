import CoachKit
import CoachSync
import CoachTrust

extension Workspace {
    /// Checks, before anything of a pull's page is applied, that each stream's last served
    /// change is in the served signed log: its leaf (the change's hash, stream, sequence and
    /// the stream head after it) at the index and with the path the answer names. The apply
    /// then recomputes each stream head and refuses one the server's does not match, so the
    /// leaf checked is the one this replica recomputes. Without a certified key nothing is
    /// checked.
    ///
    /// - Parameters:
    ///   - changes: the page's changes.
    ///   - inclusions: the answer's inclusion proofs.
    ///   - served: the answer's tree head (already checked by `verifyLogHead`).
    ///   - actor: the signed-in user, whose trust anchor the key answers to.
    /// - Throws: `LogFailure.notIncluded` naming the stream and sequence (exit 74).
    public func verifyLogInclusions(
        _ changes: [ReceivedChange], _ inclusions: [LogInclusion]?, under served: ServerTreeHead?,
        as actor: Principal
    ) throws {
        guard let key = try read({ db in try logKey(db, anchor: actor.anchor) }),
            let head = served?.signedTreeHead
        else { return }
        var last: [AthleteID: ReceivedChange] = [:]
        for change in changes where change.sseq > last[change.athleteId]?.sseq ?? 0 {
            last[change.athleteId] = change
        }
        let verifier = LogVerifier(anchor: actor.anchor, certificates: [key])
        for (athlete, change) in last.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let stream = ChangeStream.athlete(athlete)
            guard
                let proof = inclusions?.first(where: {
                    $0.stream == athlete && $0.sseq == change.sseq
                }), proof.gseq >= 0,
                let envelope = try? ChangeEnvelope.decode(change.envelope)
            else { throw LogFailure.notIncluded(stream: stream, sequence: change.sseq) }
            try verifier.checkIncluded(
                stream: stream, sequence: change.sseq,
                leafData: LogLeaf.change(
                    stream: stream, sequence: UInt64(change.sseq), changeHash: envelope.hash,
                    head: change.streamHead),
                index: UInt64(proof.gseq), served: head, proof: proof.path.map(\.bytes))
        }
    }
}
