import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Each stream this replica follows: its last sequence and the stream head after it.
    public func heldStreamHeads() throws -> [AthleteID: HeldStreamHead] {
        try read { db in
            var out: [AthleteID: HeldStreamHead] = [:]
            for row in try Row.fetchAll(db, sql: SyncTables.streams) {
                out[AthleteID(row["stream"])] = HeldStreamHead(
                    sseq: row["sseq"], head: [UInt8](row["head"] as Data))
            }
            return out
        }
    }

    /// Checks that `served`, what a server answered as the last change of `athlete`'s stream
    /// held here, is that change: the same stream, sequence and head after it (its leaf's
    /// inclusion in the served log is then the held head's).
    ///
    /// - Throws: `LogFailure.notIncluded` naming the stream and sequence (exit 74).
    public func requireHeldStreamHead(_ served: ReceivedChange?, athlete: AthleteID) throws {
        guard let held = try heldStreamHeads()[athlete] else { return }
        guard let served, served.athleteId == athlete, served.sseq == held.sseq,
            served.streamHead == held.head
        else { throw LogFailure.notIncluded(stream: .athlete(athlete), sequence: held.sseq) }
    }
}
