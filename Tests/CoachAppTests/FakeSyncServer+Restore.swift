import CoachApp
import CoachKit
import CoachSync
import CoachTrust

extension FakeSyncServer {
    /// `POST …/changes` with `restore: true`: after a log reset on the roster, each change is
    /// stored when it is newer than the object's version here, else answered `present` (the
    /// real server's signature, device and grant checks are its own tests').
    func restorePush(_ request: PushRequest) throws -> SyncHTTPResponse {
        let cut = state.withLock { s in
            defer { s.cutNextRestore = false }
            return s.cutNextRestore
        }
        if cut { throw SyncRemoteFailure.unreachable(server: "fake", detail: "connection cut") }
        let answer = try state.withLock { s -> SyncHTTPResponse in
            let resets = s.roster.filter {
                if case .logReset = $0 { return true }
                return false
            }
            guard !resets.isEmpty else {
                return SyncHTTPResponse(
                    status: 409,
                    body: try SyncJSON.encode(
                        SyncProblem(status: 409, reason: .noLogReset, message: "no reset")))
            }
            var results: [PushedChange] = []
            for bytes in request.changes {
                let change = try ChangeEnvelope.decode(bytes.bytes)
                guard case .athlete(let athlete) = change.stream else { continue }
                let object = "\(athlete)/\(change.object)"
                if let current = s.versions[object], current >= change.version {
                    var present = PushedChange(stream: athlete, sseq: 0, streamHead: [])
                    present.present = true
                    results.append(present)
                    continue
                }
                s.versions[object] = change.version
                s.restored += 1
                results.append(Self.append(change, bytes.bytes, athlete, to: &s))
            }
            return try ok(PushResponse(batchSeq: request.batchSeq, results: results))
        }
        return answer
    }

    /// Appends one change to its stream and the log.
    static func append(
        _ change: ChangeEnvelope, _ bytes: [UInt8], _ athlete: AthleteID, to s: inout State
    ) -> PushedChange {
        let stream = s.streams[athlete] ?? []
        let head = StreamChain.next(
            stream.last?.streamHead.bytes ?? StreamChain.genesis, changeHash: change.hash)
        let sseq = Int64(stream.count + 1)
        s.streams[athlete] =
            stream
            + [CoachSync.PulledChange(stream: athlete, sseq: sseq, streamHead: head, change: bytes)]
        s.leafIndex[athlete, default: [:]][sseq] = s.leaves.count
        s.leaves.append(
            MerkleHasher.blake2b256.leaf(
                LogLeaf.change(
                    stream: .athlete(athlete), sequence: UInt64(sseq), changeHash: change.hash,
                    head: head)))
        return PushedChange(stream: athlete, sseq: sseq, streamHead: head)
    }

    /// The server's whole state now, as a database dump holds it.
    func dump() -> State { state.withLock { $0 } }

    /// The server's state replaced by `dump` (a database restored from it).
    func restore(_ dump: State) { state.withLock { $0 = dump } }
}
