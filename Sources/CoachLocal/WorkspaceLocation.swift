import Foundation

/// Resolves where the workspace file lives.
///
/// Order: the `--workspace` flag, then `COACH_WORKSPACE`, then
/// `$XDG_DATA_HOME/coach/workspace.sqlite` (`~/.local/share/coach/…` when unset).
public enum WorkspaceLocation {
    /// The workspace path for a flag value and an environment.
    public static func resolve(flag: String?, environment: [String: String]) -> String {
        if let flag, !flag.isEmpty { return absolute(flag, environment) }
        if let env = environment["COACH_WORKSPACE"], !env.isEmpty {
            return absolute(env, environment)
        }
        return dataHome(environment) + "/coach/workspace.sqlite"
    }

    /// `$XDG_DATA_HOME` or `~/.local/share`.
    public static func dataHome(_ environment: [String: String]) -> String {
        if let x = environment["XDG_DATA_HOME"], x.hasPrefix("/") { return x }
        return home(environment) + "/.local/share"
    }

    /// `$XDG_STATE_HOME` or `~/.local/state`.
    public static func stateHome(_ environment: [String: String]) -> String {
        if let x = environment["XDG_STATE_HOME"], x.hasPrefix("/") { return x }
        return home(environment) + "/.local/state"
    }

    static func home(_ environment: [String: String]) -> String {
        environment["HOME"] ?? NSHomeDirectory()
    }

    static func absolute(_ path: String, _ environment: [String: String]) -> String {
        var p = path
        if p.hasPrefix("~/") { p = home(environment) + p.dropFirst(1) }
        if !p.hasPrefix("/") { p = FileManager.default.currentDirectoryPath + "/" + p }
        // Lexical clean-up only: `standardizingPath` resolves symbolic links on Linux, which would
        // hide a symlinked workspace from `SecureFiles.checkWorkspace`.
        var parts: [Substring] = []
        for c in p.split(separator: "/") where c != "." {
            if c == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(c) }
        }
        return "/" + parts.joined(separator: "/")
    }
}
