import CoachCrypto
import CoachKit
import CoachTrust

/// The owner's reset of the club server's log on the roster: a `LogResetStatement` in its byte
/// form, naming the restored log (size, root), the roster head it was restored with and the
/// log given up.
///
/// Only the owner signs one, and the resets are numbered from 1 without gaps
/// (`follows(_:with:)`), so a reset pushed or replayed again is refused by the server and by
/// every replica. A replica whose log check fails takes the restored log only when a reset
/// with a higher number than any it took names it.
public struct RosterLogReset: Codable, Equatable, Sendable {
    /// `LogResetStatement.encoded()`.
    public var statement: SyncBytes

    /// The entry carrying `statement`.
    public init(_ statement: LogResetStatement) {
        self.statement = SyncBytes(statement.encoded())
    }

    /// The statement, when its byte form reads.
    public var decoded: LogResetStatement? {
        try? LogResetStatement.decode(statement.bytes)
    }

    /// The statement when it is well formed, for `anchor`'s workspace and signed by its
    /// owner; nil otherwise.
    ///
    /// - Parameter anchor: the workspace id and owner key every roster entry answers to.
    /// - Returns: the owner's statement, or nil for an entry nobody may take.
    public func verified(anchor: TrustAnchor) -> LogResetStatement? {
        guard let reset = decoded, reset.valid(anchor: anchor) else { return nil }
        return reset
    }

    /// Whether `reset` may follow the roster's last reset, numbered `last` (0 for none): it
    /// must be numbered one more.
    ///
    /// - Parameters:
    ///   - last: the number of the roster's last reset, 0 before the first.
    ///   - reset: the verified statement of the entry that follows.
    /// - Returns: true when the entry may follow.
    public static func follows(_ last: UInt64, with reset: LogResetStatement) -> Bool {
        reset.counter == last &+ 1
    }

    var fields: AssociatedData {
        AssociatedData("log_reset").with(statement.bytes)
    }
}
