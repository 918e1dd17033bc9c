import Foundation

/// Where a debug build of the client kills itself on purpose, for the end-to-end crash tests:
/// `COACH_CLIENT_CRASH=mid-apply:pull` makes `coach sync` SIGKILL itself in the middle of
/// applying a pull page, after half of its changes are written and before the commit (the
/// server's `COACH_SERVER_CRASH` is the same convention). Release builds ignore it.
public struct SyncCrashPoint: Sendable, Equatable {
    /// The point named, if any.
    public let point: String?

    /// No crash point.
    public static let none = SyncCrashPoint(point: nil)

    /// The crash point of `variables` (`COACH_CLIENT_CRASH`), in a debug build only.
    public static func from(_ variables: [String: String]) -> SyncCrashPoint {
        #if DEBUG
            return SyncCrashPoint(point: variables["COACH_CLIENT_CRASH"])
        #else
            return .none
        #endif
    }

    /// Kills the process with SIGKILL when `name` is the crash point.
    func hit(_ name: String) {
        guard point == name else { return }
        kill(getpid(), SIGKILL)
    }
}
