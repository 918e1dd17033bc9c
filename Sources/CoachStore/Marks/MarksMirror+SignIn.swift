import CoachCrypto
import CoachTrust
import Foundation
import GRDB

extension MarksMirror {
    /// Checks the workspace file against the marks kept on this machine, moves the audit mark
    /// to the log's head once the entries since the last one chain to it, raises the log mark
    /// to the file's verified tree head, and writes the marks.
    ///
    /// The file's head is checked under the certified log key before the mark takes it, and
    /// an owner's reset the roster carried lowers the mark only as `LocalMarks.take` allows.
    ///
    /// Without kept marks (a new machine, or keys replaced by enrolment or a reset) the file
    /// is trusted as it is and the marks start from it.
    ///
    /// - Parameters:
    ///   - db: the sign-in's read.
    ///   - kept: the marks as loaded before the read that `db` belongs to began, so that
    ///     everything they name was committed before that read's snapshot.
    ///   - state: the user's sealed state as the file holds it.
    ///   - handle: the user's handle, for messages.
    ///   - athleteName: the athlete's handle as the user knows it, for messages (nil: unknown).
    /// - Returns: `state` raised to the kept marks, for the command's checks.
    /// - Throws: `StoreError.tampered` naming what was rolled back: the user's sealed state, an
    ///   athlete's key epochs, a certificate, the audit log, or the sync log's verified head
    ///   (naming both sizes).
    func signIn(
        _ db: Database, kept: LocalMarks?, state: UserState, handle: String,
        athleteName: (String) -> String? = { _ in nil }
    ) throws -> UserState {
        do {
            var next = kept ?? LocalMarks()
            let logHead = try SignedTreeHead.held(in: db)
            // Another user of this machine may have taken the owner's reset since this user's
            // mark (`LocalMarks.take`): the mark follows the file's head down only then, and
            // only to a head the certified key signed.
            if let reset = try Workspace.heldLogReset(db, anchor: state.anchor),
                (try? SignedTreeHead.checked(logHead, in: db, anchor: state.anchor)) == true
            {
                _ = next.take(reset, head: logHead)
            }
            if let kept {
                try checkLog(logHead, kept: next, handle: handle)
                try check(db, kept: kept, state: state, handle: handle, athleteName: athleteName)
            }
            next.absorb(state)
            if try SignedTreeHead.checked(logHead, in: db, anchor: state.anchor) {
                next.absorb(logHead: logHead)
            }
            let head = try Self.auditHead(db, from: next.auditSeq, hash: next.auditHash)
            next.auditSeq = head.seq
            next.auditHash = head.hash
            if next != kept { try save(next) } else { adopt(next) }
            return next.raising(state)
        } catch let problem as StoreError where keeper.reportsOnly {
            if case .tampered = problem {
                report(problem)
                return kept?.raising(state) ?? state
            }
            throw problem
        }
    }

    /// `what` was rolled back: `how` says against which mark.
    private func rolledBack(_ what: String, _ how: String) -> StoreError {
        StoreError.tampered(
            "\(what) — rolled back: \(how)", remedy: .confirmRestoredBackup(marks: location))
    }

    /// Everything the kept marks name must still be in the file, at least as new: first the
    /// rows everyone can see, then the user's own sealed state.
    private func check(
        _ db: Database, kept: LocalMarks, state: UserState, handle: String,
        athleteName: (String) -> String?
    ) throws {
        if !kept.epochs.isEmpty {
            var rows: [String: [Int: [UInt8]]] = [:]
            for r in try Row.fetchAll(db, sql: EpochsTable.commitments) {
                rows[r["athlete_id"] as String, default: [:]][r["epoch"] as Int] =
                    [UInt8](r["commitment"] as Data)
            }
            // An athlete with no epochs left was removed (or its rows deleted, which is damage
            // the athlete's commands report); there is nothing older to accept.
            for (athleteId, mark) in kept.epochs {
                guard let epochs = rows[athleteId] else { continue }
                guard let commitment = epochs[mark.epoch],
                    Sodium.constantTimeEqual(commitment, mark.commitment)
                else {
                    throw rolledBack(
                        "the key epochs of athlete "
                            + (athleteName(athleteId).map { "'\($0)'" } ?? athleteId),
                        "epoch \(mark.epoch), which user '\(handle)' saw on this machine, is gone "
                            + "or holds another key")
                }
            }
        }
        if !kept.certificates.isEmpty {
            let versions = Dictionary(
                try Row.fetchAll(db, sql: CertificatesTable.versions).map {
                    ($0["user_id"] as String, $0["version"] as Int64)
                }, uniquingKeysWith: max)
            for (userId, version) in kept.certificates
            where (versions[userId] ?? 0) < Int64(version) {
                let name = try String.fetchOne(
                    db, sql: UsersTable.handleOfId, arguments: [userId])
                throw rolledBack(
                    "the membership certificate of user '\(name ?? userId)'",
                    "version \(versions[userId] ?? 0) is older than version \(version), which "
                        + "user '\(handle)' saw on this machine")
            }
        }
        if kept.auditSeq > 0 {
            let stored = try Data.fetchOne(
                db, sql: AuditTable.entryHashOfSeq, arguments: [kept.auditSeq])
            guard let stored, [UInt8](stored) == kept.auditHash else {
                throw rolledBack(
                    "the audit log",
                    "entry \(kept.auditSeq), which user '\(handle)' saw on this machine, is gone "
                        + "or rewritten")
            }
        }
        // The state row inside the file is never behind its copy here: an older row was put
        // back.
        let olderState =
            kept.epochs.contains { (state.epochs[$0.key]?.epoch ?? 0) < $0.value.epoch }
            || kept.certificates.contains { (state.certificates[$0.key] ?? 0) < $0.value }
        if olderState {
            throw rolledBack(
                "the sealed state of user '\(handle)'", "it is older than its copy on this machine")
        }
    }

    /// The newest audit entry, after checking that every entry after `seq` follows on from the
    /// one before it (sequence, previous hash and its own hash): the chain from a mark to the
    /// head.
    ///
    /// - Throws: `StoreError.tampered` naming the first entry that does not link.
    static func auditHead(_ db: Database, from seq: Int, hash: [UInt8]) throws
        -> (seq: Int, hash: [UInt8])
    {
        var head = (seq: seq, hash: seq == 0 ? [UInt8](repeating: 0, count: 32) : hash)
        let cursor = try Row.fetchCursor(
            db, sql: AuditTable.after, arguments: [seq])
        while let r = try cursor.next() {
            let entry: Int = r["seq"]
            let prev = [UInt8](r["prev_hash"] as Data), own = [UInt8](r["entry_hash"] as Data)
            let computed = Workspace.auditHash(
                seq: Int64(entry), prev: prev, actor: r["actor_id"], action: r["action"],
                athleteId: r["athlete_id"], target: r["target_id"],
                targetHash: (r["target_hash"] as Data?).map { [UInt8]($0) }, time: r["time"])
            guard entry == head.seq + 1, prev == head.hash, computed == own else {
                throw StoreError.tampered(
                    "the audit log (entry \(entry) does not follow on from entry \(head.seq))")
            }
            head = (entry, own)
        }
        return head
    }
}
