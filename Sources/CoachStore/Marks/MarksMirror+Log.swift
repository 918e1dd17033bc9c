import CoachTrust
import Foundation
import GRDB

extension MarksMirror {
    /// Notes that the open transaction kept `head` as the newest verified tree head; once it
    /// commits, the log mark is raised to it and written (like `stateStored`, never ahead of
    /// the file).
    func logAdvanced(_ head: SignedTreeHead, in db: Database) {
        db.afterNextTransaction(onCommit: { [self] _ in
            update { $0.absorb(logHead: head) }
        })
    }

    /// Notes that the open transaction took an owner's log reset numbered `counter`, which
    /// restored the log to `head`; once it commits, the log mark is set to it, even lower, if
    /// the counter is above the last reset this machine took (the only way the mark goes
    /// down).
    func logReset(to head: SignedTreeHead?, counter: UInt64, in db: Database) {
        db.afterNextTransaction(onCommit: { [self] _ in
            update { _ = $0.reset(to: head, counter: counter) }
        })
    }

    /// Notes that the open transaction counted the owner's reset numbered `counter` as taken
    /// without lowering the log (a head of the restored log verified); once it commits, the
    /// mark's counter is raised to it.
    func resetNoted(_ counter: UInt64, in db: Database) {
        db.afterNextTransaction(onCommit: { [self] _ in
            update { $0.noteReset(counter) }
        })
    }

    /// Checks `held`, the file's verified head, against the kept log mark.
    ///
    /// - Throws: `StoreError.tampered` naming both sizes when the file's head is behind.
    func checkLog(_ held: SignedTreeHead?, kept: LocalMarks, handle: String) throws {
        if let problem = kept.logMarkProblem(held) {
            throw StoreError.tampered(
                "the sync log — rolled back: \(problem) (user '\(handle)')",
                remedy: .confirmRestoredBackup(marks: location))
        }
    }
}
