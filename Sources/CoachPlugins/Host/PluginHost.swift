import CoachCrypto
import CoachKit
import CoachPluginProtocol
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the added plugins for one command: one process per plugin, started on first use and
/// serving every athlete of the command, ended by `shutdown` (or when the host is released).
///
/// Before every launch the executable is opened and its SHA-256 compared with the pin taken
/// when it was added; a changed executable is not started, and the open file is what runs. Each process gets a private working directory
/// (also its HOME), removed when it ends.
public final class PluginHost: @unchecked Sendable {
    // @unchecked Sendable: `connections` is filled in the initialiser and only read afterwards;
    // each connection serialises its own use.
    /// The plugins, as recorded.
    public let records: [PluginRecord]
    private var connections: [String: PluginConnection] = [:]
    /// The providers of every plugin, ready to add to a registry.
    public private(set) var providers: [PluginProvider] = []

    /// A host for `records`.
    ///
    /// - Parameters:
    ///   - context: how processes are started and what they are told.
    ///   - referenceKey: the key for plugin `id`'s athlete references (nil: no references).
    public init(
        records: [PluginRecord], context: PluginContext,
        referenceKey: (String) -> SecretKey?
    ) {
        self.records = records
        for record in records {
            let connection = PluginConnection(
                pluginID: record.id, host: context.host,
                initializeTimeout: context.initializeTimeout
            ) { try context.start(record) }
            connections[record.id] = connection
            let key = referenceKey(record.id)
            let filter = PluginInputFilter(granted: Set(record.granted)) { ref in
                key.map { Self.reference(ref, key: $0) }
            }
            for descriptor in record.manifest.providers {
                providers.append(
                    PluginProvider(
                        descriptor: descriptor, origin: record.origin, connection: connection,
                        filter: filter))
            }
        }
    }

    deinit { shutdown() }

    /// Starts every plugin process in the background, so that its start-up (namespaces, an
    /// interpreter) overlaps the command's own work instead of adding to it.
    ///
    /// A failure is remembered by the connection and reported at its first evaluation, exactly
    /// as if the process had been started then.
    public func prestart() {
        for connection in connections.values {
            Thread.detachNewThread { connection.prestart() }
        }
    }

    /// Ends every plugin process that was started.
    public func shutdown() {
        for connection in connections.values { connection.shutdown() }
    }

    /// The keyed reference of athlete `ref` under a plugin's key: 16 bytes, hex.
    public static func reference(_ ref: String, key: SecretKey) -> String {
        Hashing.hex(Hashing.keyedBlake2b(Array(ref.utf8), key: key, length: 16))
    }
}

/// How a host starts and greets plugin processes.
public struct PluginContext: Sendable {
    /// Starts processes.
    public var launcher: any ProcessLauncher
    /// The sandbox requested for every plugin.
    public var policy: SandboxPolicy
    /// The host's name and version, sent in the handshake.
    public var host: PeerInfo
    /// Where private working directories are made.
    public var temporaryRoot: String
    /// The handshake's timeout.
    public var initializeTimeout: Duration

    /// A context with the standard sandbox.
    public init(
        launcher: any ProcessLauncher = SandboxLauncher(), policy: SandboxPolicy = .standard,
        host: PeerInfo, temporaryRoot: String, initializeTimeout: Duration = .seconds(5)
    ) {
        self.launcher = launcher
        self.policy = policy
        self.host = host
        self.temporaryRoot = temporaryRoot
        self.initializeTimeout = initializeTimeout
    }

    /// Checks the pin and starts the plugin of `record`.
    ///
    /// The executable is opened once: the pin is checked on the open file, and that file is
    /// what runs, whatever its path names by the time the process starts.
    ///
    /// - Throws: `PluginFailure.recordNotSigned` for a record without the owner's valid
    ///   signature, `.executableChanged`, `.executableLinked`, `.unsafeExecutable` or
    ///   `.executableMissing` before any launch; `PluginFailure.launch` when the process cannot
    ///   be started.
    public func start(_ record: PluginRecord) throws -> PluginProcess {
        guard !record.unsigned else { throw PluginFailure.recordNotSigned }
        let executable = try PinnedExecutable(path: record.path)
        guard executable.sha256 == record.sha256 else {
            throw PluginFailure.executableChanged(path: record.path)
        }
        return try start(executable, allowUnsandboxed: record.unsandboxed)
    }

    /// Starts the opened `executable` in a fresh private directory under the sandbox policy.
    ///
    /// - Throws: `PluginFailure.sandboxIncomplete`, before anything runs, when a required
    ///   protection is not in force here and the policy does not allow running without it;
    ///   `PluginFailure.launch` when the process cannot be started.
    ///
    /// - Parameter allowUnsandboxed: the owner allowed this plugin to run without them.
    public func start(_ executable: PinnedExecutable, allowUnsandboxed: Bool = false) throws
        -> PluginProcess
    {
        try checkSandbox(allowUnsandboxed: allowUnsandboxed)
        let dir = try makePrivateDirectory()
        let request = LaunchRequest(
            executable: executable.path, descriptor: executable.descriptor,
            arguments: [PluginProtocol.stdioArgument],
            environment: SandboxPolicy.environment(
                home: dir, protocolVersion: PluginProtocol.version),
            workingDirectory: dir, policy: policy)
        do {
            let process = try launcher.launch(request)
            process.onEnd { try? FileManager.default.removeItem(atPath: dir) }
            return process
        } catch {
            try? FileManager.default.removeItem(atPath: dir)
            throw error
        }
    }

    /// Refuses to start anything when a required protection is missing, unless allowed.
    public func checkSandbox(allowUnsandboxed: Bool = false) throws {
        let missing = launcher.protections(for: policy).filter { $0.required && !$0.active }
        guard missing.isEmpty || policy.allowUnsandboxed || allowUnsandboxed else {
            throw PluginFailure.sandboxIncomplete(missing: missing.map(\.name))
        }
    }

    /// A new directory only the plugin's user can enter (owned by the unprivileged user when
    /// coach runs as root and drops to it).
    func makePrivateDirectory() throws -> String {
        let dropping = geteuid() == 0 ? policy.unprivilegedUser : nil
        // An unprivileged plugin must be able to reach its directory by path (HOME), so the
        // root it is made in must be searchable by others.
        var root = temporaryRoot
        if dropping != nil, !Self.searchableByOthers(root) { root = "/tmp" }
        var template = Array((root + "/coach-plugin-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw PluginFailure.launch(
                stage: "working directory", reason: String(cString: strerror(errno)))
        }
        let path = String(cString: made)
        if let user = dropping { _ = chown(path, user.uid, user.gid) }
        return path
    }

    static func searchableByOthers(_ path: String) -> Bool {
        var url = URL(fileURLWithPath: path)
        while true {
            var st = stat()
            guard stat(url.path, &st) == 0, st.st_mode & S_IXOTH != 0 else { return false }
            if url.path == "/" { return true }
            url.deleteLastPathComponent()
        }
    }
}
