import CoachKit
import Foundation

/// Why a plugin could not serve a request; every case is one neutral line.
public enum PluginFailure: Error, Sendable, Equatable, LocalizedError {
    /// The process could not be started (`stage` is the step of the set-up that failed).
    case launch(stage: String, reason: String)
    /// The plugin did not answer within `seconds`.
    case timedOut(seconds: Double)
    /// The plugin ended (crashed or exited) with `status`.
    case exited(status: Int32)
    /// The plugin wrote a line longer than the protocol allows.
    case outputTooLong(limit: Int)
    /// The plugin wrote something that is not a protocol message.
    case protocolViolation(String)
    /// The plugin answered with a JSON-RPC error.
    case pluginError(String)
    /// The plugin and coach share no protocol version.
    case versionMismatch(plugin: [Int], host: [Int])
    /// The answer was a result coach will not show.
    case invalidResult(String)
    /// The executable is not the one that was added.
    case executableChanged(path: String)
    /// The executable is missing or unreadable.
    case executableMissing(path: String)
    /// The executable's path now leads through a symbolic link (it was resolved when added).
    case executableLinked(path: String)
    /// The executable or a folder above it could be changed by someone else.
    case unsafeExecutable(path: String, reason: String)
    /// The plugin's handshake does not match what was recorded when it was added.
    case manifestChanged(String)
    /// The plugin's record in the workspace lacks the owner's valid signature.
    case recordNotSigned
    /// Protections a plugin needs cannot be set up on this machine, and the owner has not
    /// allowed plugins to run without them.
    case sandboxIncomplete(missing: [String])

    public var errorDescription: String? {
        switch self {
        case .launch(let stage, let reason): "could not be started (\(stage): \(reason))"
        case .timedOut(let s): "did not answer within \(Self.seconds(s))"
        case .exited(let status):
            status > 128
                ? "crashed (killed by signal \(status - 128))" : "exited with status \(status)"
        case .outputTooLong(let limit): "wrote a line longer than \(limit) bytes"
        case .protocolViolation(let what): "broke the protocol: \(what)"
        case .pluginError(let message): "reported an error: \(message)"
        case .versionMismatch(let plugin, let host):
            "speaks protocol version \(Self.list(plugin)); this host speaks \(Self.list(host))"
        case .invalidResult(let what): "returned an invalid result: \(what)"
        case .executableChanged(let path):
            "executable \(path) changed since it was added; it is not run until added again"
        case .executableMissing(let path): "executable \(path) is missing or unreadable"
        case .executableLinked(let path):
            "executable \(path) is reached through a symbolic link now (it was a file when "
                + "added); it is not run until added again"
        case .unsafeExecutable(let path, let reason):
            "executable \(path) is not run: \(reason); only its owner may be able to change it "
                + "and its folder"
        case .manifestChanged(let what): "handshake differs from the one recorded: \(what)"
        case .sandboxIncomplete(let missing):
            "is not run: this machine cannot give it "
                + missing.joined(separator: ", ") + " isolation, and the workspace's owner has "
                + "not allowed plugins to run without it"
        case .recordNotSigned:
            "record in the workspace is not signed by the owner (altered in the file, or added "
                + "before plugin records were signed); it is not run until added again"
        }
    }

    private static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : String(format: "%.1f s", s)
    }

    private static func list(_ v: [Int]) -> String {
        v.isEmpty ? "none" : v.map(String.init).joined(separator: ", ")
    }
}

/// A plugin failure with the plugin it came from and the last line it wrote to stderr.
public struct PluginError: Error, Sendable, Equatable, LocalizedError {
    /// The plugin's id.
    public var plugin: String
    public var failure: PluginFailure
    /// The plugin's last stderr line, if any.
    public var stderr: String?

    public init(plugin: String, failure: PluginFailure, stderr: String? = nil) {
        self.plugin = plugin
        self.failure = failure
        self.stderr = stderr
    }

    public var errorDescription: String? {
        let base = "plugin '\(plugin)' \(failure.errorDescription ?? "failed")"
        guard let stderr, !stderr.isEmpty else { return base }
        return base + " (stderr: \(stderr.prefix(200)))"
    }
}

extension PluginFailure {
    /// Whether the failure means the pinned executable or its signed record is not the one the
    /// owner added.
    public var isTampering: Bool {
        switch self {
        case .executableChanged, .executableLinked, .recordNotSigned: true
        default: false
        }
    }
}

extension PluginError: CoachFailure {
    /// Tampering with the plugin (its pin, its signed record, a link at its path) is corrupt
    /// data; an executable others could change is a permission problem; any other failure of
    /// the plugin is output that cannot be used.
    public var category: FailureCategory {
        if failure.isTampering { return .corrupt }
        switch failure {
        case .unsafeExecutable, .sandboxIncomplete: return .permission
        default: break
        }
        return .invalidData
    }
}
