import CoachApp
import CoachKit
import CoachSync
import CoachTrust
import Foundation

extension FakeSyncServer {
    /// `POST redactions` as the real server answers it: in each stream the session may read,
    /// the bodies of changes followed by a change of the same object at a higher epoch are
    /// replaced by the redacted form (hash, head and leaf unchanged).
    func redact(_ request: RedactionRequest, readable: Set<AthleteID>?) throws
        -> SyncHTTPResponse
    {
        let answer = state.withLock { s -> RedactionResponse in
            s.redactionRequests += 1
            var answer = RedactionResponse(streams: [])
            for athlete in request.streams where readable?.contains(athlete) == true {
                var stream = s.streams[athlete] ?? []
                var later: [String: Int64] = [:]
                var redacted: [Int64] = []
                var already: Int64 = 0
                for index in stream.indices.reversed() {
                    guard let change = try? ChangeEnvelope.decode(stream[index].change.bytes)
                    else { continue }
                    if change.isRedacted {
                        already += 1
                    } else if (later[change.object] ?? 0) > change.epoch, !change.body.isEmpty {
                        stream[index].change = SyncBytes(change.redacted().encoded())
                        redacted.insert(stream[index].sseq, at: 0)
                    }
                    later[change.object] = max(later[change.object] ?? 0, change.epoch)
                }
                s.streams[athlete] = stream
                answer.streams.append(
                    .init(stream: athlete, redacted: redacted, already: already))
            }
            return answer
        }
        return try ok(answer)
    }

    /// Replaces the stored change at `sseq` of `athlete`'s stream by its redacted form with no
    /// check at all, as an operator who drops a body nothing supersedes.
    func withhold(_ athlete: AthleteID, sseq: Int64) throws {
        try state.withLock { s in
            guard let index = s.streams[athlete]?.firstIndex(where: { $0.sseq == sseq }),
                let stored = s.streams[athlete]?[index]
            else { return }
            let change = try ChangeEnvelope.decode(stored.change.bytes)
            s.streams[athlete]?[index].change = SyncBytes(change.redacted().encoded())
        }
    }
}
