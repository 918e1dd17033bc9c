import Foundation

/// Where a debug build kills itself on purpose, for the client's crash tests:
/// `COACH_SERVER_CRASH=after-commit:push` or `before-commit:push` makes the server SIGKILL
/// itself right after a push commits (before it answers), or right before the commit.
/// Release builds ignore it.
public struct CrashPoints: Sendable, Equatable {
    /// The point named, if any.
    public let point: String?

    /// No crash point.
    public static let none = CrashPoints(point: nil)

    /// The crash point of `environment` (`COACH_SERVER_CRASH`), in a debug build only.
    public static func from(_ environment: [String: String]) -> CrashPoints {
        #if DEBUG
            return CrashPoints(point: environment["COACH_SERVER_CRASH"])
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
