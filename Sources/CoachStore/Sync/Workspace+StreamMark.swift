import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// The roster entry of an athlete's epoch row as the roster gate pushes it: a rotation
    /// carries, signed by the owner who made it, the stream position the replica has applied
    /// (`RosterStreamMark`), kept here too, so the rotation is a fixed point of the stream.
    ///
    /// - Parameters:
    ///   - db: the write the membership change happens in.
    ///   - athlete: the athlete whose epoch it is.
    ///   - row: the epoch row.
    ///   - actor: the signed-in principal (only the owner rotates).
    ///   - ws: the workspace id.
    /// - Returns: the entry, marked when it is a rotation.
    /// - Throws: a database error.
    func epochEntry(
        _ db: Database, athlete: AthleteID, row: EpochRow, as actor: Principal,
        workspaceId ws: String
    ) throws -> RosterEntry {
        var entry = RosterEpoch(athleteId: athlete, row: row)
        guard row.epoch > 1, actor.role == .owner else { return .epoch(entry) }
        let stream = try Row.fetchOne(db, sql: SyncTables.stream, arguments: [athlete.rawValue])
        var mark = RosterStreamMark(
            sseq: stream?["sseq"] ?? 0,
            head: stream.map { [UInt8]($0["head"] as Data) } ?? StreamChain.genesis)
        mark.sign(by: actor.signKeys, workspaceId: ws, epoch: entry)
        entry.streamMark = mark
        try db.execute(
            sql: SyncTables.upsertMark,
            arguments: [athlete.rawValue, row.epoch, mark.sseq, Data(mark.head.bytes)])
        return .epoch(entry)
    }

    /// Keeps the stream position a pulled rotation carries, once its owner's signature
    /// verifies and it agrees with what this replica applied of the stream: a replica never
    /// holds changes past a rotation it has not pulled, so a position behind the replica's,
    /// or another head at the same one, is a server serving a forked stream.
    ///
    /// - Throws: `SyncFailure.streamBroken` (exit 74) for a forged mark or a forked stream.
    func noteStreamMark(_ db: Database, _ epoch: RosterEpoch, as actor: Principal) throws {
        guard let mark = epoch.streamMark else { return }
        let id = epoch.athleteId.rawValue
        guard
            mark.verifies(
                signPK: actor.anchor.ownerSignPK, workspaceId: actor.anchor.workspaceId,
                epoch: epoch)
        else {
            throw SyncFailure.streamBroken(
                stream: id,
                reason: "the stream position of epoch \(epoch.epoch) is not the owner's")
        }
        if let stream = try Row.fetchOne(db, sql: SyncTables.stream, arguments: [id]) {
            let sseq: Int64 = stream["sseq"]
            let head = [UInt8](stream["head"] as Data)
            guard sseq < mark.sseq || (sseq == mark.sseq && head == mark.head.bytes) else {
                throw SyncFailure.streamBroken(
                    stream: id,
                    reason: "this replica applied change \(sseq) of a stream that epoch "
                        + "\(epoch.epoch) began at change \(mark.sseq) with another head")
            }
        }
        try db.execute(
            sql: SyncTables.upsertMark,
            arguments: [id, epoch.epoch, mark.sseq, Data(mark.head.bytes)])
    }
}
