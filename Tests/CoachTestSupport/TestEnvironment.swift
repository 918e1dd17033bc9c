import CoachApp
import Foundation

/// An `AppEnvironment` for a test: a fixed "now" and every machine-local folder (home, state,
/// runtime, workspace) inside one temporary folder, so nothing reads the real clock, the real
/// home or the process environment.
public enum TestEnvironment {
    /// The instant tests run at unless they say otherwise (a Tuesday morning in Berlin).
    public static let defaultNow = "2026-11-24T07:00:00+01:00"

    /// The variables of an environment rooted at `root`, at `now`, with `extra` on top.
    public static func variables(
        root: String, now: String = defaultNow, extra: [String: String] = [:]
    ) -> [String: String] {
        [
            "COACH_NOW": now, "HOME": root + "/home", "XDG_STATE_HOME": root + "/state",
            "XDG_RUNTIME_DIR": root + "/run", "TMPDIR": root + "/tmp",
            "COACH_WORKSPACE": root + "/ws/workspace.sqlite",
        ].merging(extra) { _, new in new }
    }

    /// Makes the folders of an environment rooted at `root` and returns it, at `now`.
    ///
    /// - Throws: `AppError.invalidNow` when `now` is not an ISO 8601 instant.
    public static func make(
        root: String, now: String = defaultNow, extra: [String: String] = [:]
    ) throws -> AppEnvironment {
        for sub in ["home", "state", "run", "tmp", "ws"] {
            try FileManager.default.createDirectory(
                atPath: root + "/" + sub, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        }
        return try AppEnvironment(variables: variables(root: root, now: now, extra: extra))
    }
}
