import CoachKit
import CoachSync
import CoachTrust
import Foundation

extension FakeSyncServer {
    /// Serves `envelope` as the next change of `athlete`'s stream with no check at all, as a
    /// server whose operator inserted the row and queued it for the log as well (so that the
    /// clients' checks of the change itself are what refuse it).
    func inject(_ envelope: [UInt8], into athlete: AthleteID) throws {
        let change = try ChangeEnvelope.decode(envelope)
        state.withLock { s in
            let stream = s.streams[athlete] ?? []
            let head = StreamChain.next(
                stream.last?.streamHead.bytes ?? StreamChain.genesis, changeHash: change.hash)
            s.streams[athlete] =
                stream + [
                    CoachSync.PulledChange(
                        stream: athlete, sseq: Int64(stream.count + 1), streamHead: head,
                        change: envelope)
                ]
            s.leafIndex[athlete, default: [:]][Int64(stream.count + 1)] = s.leaves.count
            s.leaves.append(
                MerkleHasher.blake2b256.leaf(
                    LogLeaf.change(
                        stream: .athlete(athlete), sequence: UInt64(stream.count + 1),
                        changeHash: change.hash, head: head)))
        }
    }

    /// The refusal of a roster push carrying a rotation made at a stream position the stream
    /// has moved past, as the real server refuses it (`stream_moved`); every rotation when
    /// `streamAlwaysMoved` is set.
    static func streamMoved(_ entries: [RosterEntry], in s: State) -> SyncProblem? {
        for case .epoch(let epoch) in entries {
            guard let mark = epoch.streamMark else { continue }
            let last = s.streams[epoch.athleteId]?.last
            guard !s.streamAlwaysMoved, last?.sseq ?? 0 == mark.sseq,
                last?.streamHead.bytes ?? StreamChain.genesis == mark.head.bytes
            else {
                return SyncProblem(
                    status: 409, reason: .streamMoved,
                    message: "athlete \(epoch.athleteId)'s stream moved: pull it and retry")
            }
        }
        return nil
    }
}
