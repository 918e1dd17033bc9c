import CPluginSpawn
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The real launcher: fork and exec through a small C helper that applies the sandbox policy
/// in the child (process group, namespaces, resource limits, unprivileged user) before exec.
///
/// Protections the kernel refuses (no namespaces in a container, say) are left out rather than
/// failing the launch; `protections(for:)` reports which ones that are.
public struct SandboxLauncher: ProcessLauncher {
    /// The longest line accepted from a plugin.
    public var maxLineBytes: Int

    /// A launcher accepting lines of up to `maxLineBytes`.
    public init(maxLineBytes: Int = 16 << 20) { self.maxLineBytes = maxLineBytes }

    public func launch(_ request: LaunchRequest) throws -> PluginProcess {
        // A plugin that ends early must not take coach down with SIGPIPE on the next write;
        // the write fails with EPIPE instead. (The child resets every signal before exec.)
        signal(SIGPIPE, SIG_IGN)
        let flags = Self.flags(for: request.policy)
        var limits = coach_limits(
            address_space_bytes: request.policy.addressSpaceBytes,
            cpu_seconds: request.policy.cpuSeconds, open_files: request.policy.openFiles,
            processes: request.policy.processes, file_size_bytes: request.policy.fileSizeBytes)
        let user = request.policy.unprivilegedUser
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard coach_pipe_cloexec(&input) == 0 else { throw Self.failure("pipe", errno) }
        guard coach_pipe_cloexec(&output) == 0 else {
            closeAll(input)
            throw Self.failure("pipe", errno)
        }
        guard coach_pipe_cloexec(&errors) == 0 else {
            closeAll(input + output)
            throw Self.failure("pipe", errno)
        }
        let argv = [request.executable] + request.arguments
        let envp = request.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        var stage: Int32 = 0
        var err: Int32 = 0
        let pid = withCStrings(argv) { cargv in
            withCStrings(envp) { cenvp in
                coach_spawn(
                    request.executable, request.descriptor ?? -1, cargv, cenvp,
                    request.workingDirectory, input[0], output[1], errors[1], &limits, flags,
                    user?.uid ?? 0, user?.gid ?? 0, &stage, &err)
            }
        }
        close(input[0])
        close(output[1])
        close(errors[1])
        guard pid > 0 else {
            closeAll([input[1], output[0], errors[0]])
            throw PluginFailure.launch(stage: Self.stageName(stage), reason: Self.text(err))
        }
        return PluginProcess(
            pid: pid, stdin: input[1], stdout: output[0], stderr: errors[0],
            maxLineBytes: maxLineBytes)
    }

    /// Whether this kernel lets coach create network namespaces (probed once per process).
    static let canIsolateNetwork = coach_can_unshare(COACH_SPAWN_NEW_NET) != 0
    /// Whether this kernel lets coach create PID namespaces (probed once per process).
    static let canIsolateProcesses = coach_can_unshare(COACH_SPAWN_NEW_PID) != 0

    public func protections(for policy: SandboxPolicy) -> [Protection] {
        let net = policy.isolateNetwork && Self.canIsolateNetwork
        let pids = policy.isolateProcesses && Self.canIsolateProcesses
        let root = geteuid() == 0
        let mib = policy.addressSpaceBytes >> 20
        var list = [
            Protection(
                name: "network", active: net,
                detail: net
                    ? "own network namespace: no interfaces, no connections"
                    : "network namespaces are not available here; plugins can reach the network"),
            Protection(
                name: "processes", active: pids,
                detail: pids
                    ? "own PID namespace: everything a plugin starts ends with it"
                    : "PID namespaces are not available; only the process group is ended"),
            Protection(
                name: "address-space", active: true, detail: "at most \(mib) MiB of memory"),
            Protection(
                name: "cpu-time", active: true, detail: "at most \(policy.cpuSeconds) s of CPU"),
            Protection(
                name: "open-files", active: true, detail: "at most \(policy.openFiles) open files"),
            Protection(
                name: "file-size", active: true,
                detail: "files of at most \(policy.fileSizeBytes >> 20) MiB"),
        ]
        if root, let user = policy.unprivilegedUser {
            list.append(
                Protection(
                    name: "user", active: true,
                    detail: "runs as unprivileged uid \(user.uid), not as root"))
            list.append(
                Protection(
                    name: "process-count", active: true,
                    detail: "at most \(policy.processes) processes of that user"))
        } else if root {
            list.append(
                Protection(
                    name: "process-count", active: false,
                    detail: "the host runs as root and the limit does not bind root"))
        } else {
            list.append(
                Protection(
                    name: "process-count", active: true,
                    detail: "at most \(policy.processes) processes of this user"))
        }
        list.append(
            Protection(
                name: "environment", active: true,
                detail: "only PATH, HOME, LANG, TZ and COACH_PLUGIN_PROTOCOL"))
        list.append(
            Protection(
                name: "temp-dir", active: true,
                detail: "a private working directory, removed afterwards"))
        return list
    }

    static func flags(for policy: SandboxPolicy) -> Int32 {
        var flags: Int32 = 0
        if policy.isolateNetwork && canIsolateNetwork {
            flags |= COACH_SPAWN_NEW_NET
        }
        if policy.isolateProcesses && canIsolateProcesses {
            flags |= COACH_SPAWN_NEW_PID
        }
        if policy.unprivilegedUser != nil { flags |= COACH_SPAWN_DROP_USER }
        return flags
    }

    static func stageName(_ stage: Int32) -> String {
        switch Int(stage) {
        case Int(COACH_STAGE_PGROUP): "process group"
        case Int(COACH_STAGE_FDS): "standard streams"
        case Int(COACH_STAGE_CHDIR): "working directory"
        case Int(COACH_STAGE_NET): "network namespace"
        case Int(COACH_STAGE_PID): "PID namespace"
        case Int(COACH_STAGE_LIMITS): "resource limits"
        case Int(COACH_STAGE_USER): "unprivileged user"
        case Int(COACH_STAGE_EXEC): "exec"
        default: "fork"
        }
    }

    static func text(_ code: Int32) -> String { String(cString: strerror(code)) }

    static func failure(_ what: String, _ code: Int32) -> PluginFailure {
        .launch(stage: what, reason: text(code))
    }

    private func closeAll(_ fds: [Int32]) { for fd in fds where fd >= 0 { close(fd) } }
}

/// Calls `body` with a NULL-terminated C array of `strings`.
private func withCStrings<R>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for p in pointers { free(p) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
