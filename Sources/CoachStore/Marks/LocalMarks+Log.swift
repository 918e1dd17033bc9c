import CoachTrust
import Foundation

/// The log mark: the newest tree head of the server's log this machine verified, which a
/// workspace file copied back must not be behind.
extension LocalMarks {
    /// Raises the log mark to `head` when it is larger (never lowers it).
    mutating func absorb(logHead head: SignedTreeHead?) {
        guard let head, head.size > logSize else { return }
        logSize = head.size
        logRoot = head.root
    }

    /// Takes the head an owner's log reset restored, even below the mark, when `counter` is
    /// above the last reset taken; an older or replayed reset changes nothing.
    ///
    /// - Returns: whether the mark changed.
    mutating func reset(to head: SignedTreeHead?, counter: UInt64) -> Bool {
        guard counter > logResets else { return false }
        logResets = counter
        logSize = head?.size ?? 0
        logRoot = head?.root ?? []
        return true
    }

    /// Raises the counter of the last reset taken to `counter`, the log mark staying.
    mutating func noteReset(_ counter: UInt64) {
        logResets = max(logResets, counter)
    }

    /// Takes an owner's reset another user took on this machine (the file's head went back
    /// with it): when `reset` is numbered above the last one taken, gives up no more than this
    /// mark holds (`lostSize`, and `lostRoot` at that size), and the file's `head` holds at
    /// least the restored log, the mark goes to `head` when it is behind, and the counter to
    /// the reset's. Otherwise nothing changes (and a file behind the mark is refused).
    ///
    /// - Returns: whether the reset was taken.
    mutating func take(_ reset: LogResetStatement, head: SignedTreeHead?) -> Bool {
        guard reset.counter > logResets, logSize <= reset.lostSize,
            logSize < reset.lostSize || logRoot == reset.lostRoot,
            (head?.size ?? 0) >= reset.restoredSize
        else { return false }
        logResets = reset.counter
        if logMarkProblem(head) != nil {
            logSize = head?.size ?? 0
            logRoot = head?.root ?? []
        }
        return true
    }

    /// What is wrong with `held`, the head the file says it verified, against the log mark: a
    /// smaller size, or the same size with another root; nil when it is not behind.
    func logMarkProblem(_ held: SignedTreeHead?) -> String? {
        guard logSize > 0 else { return nil }
        let size = held?.size ?? 0
        if size < logSize {
            return "the file's verified head is at \(size) changes, older than the \(logSize) "
                + "this machine verified"
        }
        if size == logSize, held?.root != logRoot {
            return "the file's verified head at \(size) changes has another root than the one "
                + "this machine verified"
        }
        return nil
    }
}
