import Foundation

/// What to start: the executable, its arguments and environment, where, and under what policy.
public struct LaunchRequest: Sendable {
    /// The executable's path (the program name the process sees).
    public var executable: String
    /// An open descriptor of the executable: when set, that file is executed, not the path.
    public var descriptor: Int32?
    public var arguments: [String]
    public var environment: [String: String]
    public var workingDirectory: String
    public var policy: SandboxPolicy

    /// A request to start `executable` (the file open as `descriptor` when given) with
    /// `arguments` (not including the program name).
    public init(
        executable: String, descriptor: Int32? = nil, arguments: [String],
        environment: [String: String], workingDirectory: String, policy: SandboxPolicy
    ) {
        self.executable = executable
        self.descriptor = descriptor
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.policy = policy
    }
}

/// The seam through which the plugin host starts processes.
///
/// Core code never starts a process itself: it asks a launcher, so tests can substitute one and
/// the one place that forks is easy to audit.
public protocol ProcessLauncher: Sendable {
    /// Starts the process with pipes for its standard input, output and error.
    ///
    /// - Throws: `PluginFailure.launch` when the process could not be started.
    func launch(_ request: LaunchRequest) throws -> PluginProcess

    /// Which of the policy's protections this launcher can apply on this machine.
    func protections(for policy: SandboxPolicy) -> [Protection]
}
