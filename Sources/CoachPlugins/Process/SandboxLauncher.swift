import CPluginSpawn
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The real launcher: fork and exec through a small C helper that applies the sandbox policy
/// in the child (process group, a user namespace for an ordinary user, network, PID and mount
/// namespaces, resource limits, no new privileges, Landlock, an unprivileged user when coach is
/// root, seccomp) before exec.
///
/// Protections the kernel refuses (no namespaces in a container, say) are left out of the
/// launch; `protections(for:)` reports which ones that are, and `PluginContext` refuses to
/// start a plugin while a required one is missing unless the owner allowed it.
public struct SandboxLauncher: ProcessLauncher {
    /// The longest line accepted from a plugin.
    public var maxLineBytes: Int

    /// A launcher accepting lines of up to `maxLineBytes`.
    public init(maxLineBytes: Int = 16 << 20) { self.maxLineBytes = maxLineBytes }

    public func launch(_ request: LaunchRequest) throws -> PluginProcess {
        // A plugin that ends early must not take coach down with SIGPIPE on the next write;
        // the write fails with EPIPE instead. (The child resets every signal before exec.)
        signal(SIGPIPE, SIG_IGN)
        // Processes of this user (a plugin among them) cannot read coach's memory or /proc.
        _ = coach_host_undumpable()
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
        let policy = request.policy
        let pid = withCStrings(argv) { cargv in
            withCStrings(envp) { cenvp in
                withCStrings(policy.readablePaths) { readable in
                    withCStrings(policy.devicePaths) { devices in
                        coach_spawn(
                            request.executable, request.descriptor ?? -1, cargv, cenvp,
                            request.workingDirectory, input[0], output[1], errors[1], &limits,
                            flags, user?.uid ?? 0, user?.gid ?? 0, readable, devices, &stage,
                            &err)
                    }
                }
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

    /// Whether coach runs as root (which needs no user namespace and drops to a plain user).
    static let isRoot = geteuid() == 0

    /// The isolations asked of the kernel: everything, and a user namespace first for an
    /// ordinary user.
    static let wanted: Int32 =
        COACH_SPAWN_NEW_NET | COACH_SPAWN_NEW_PID | COACH_SPAWN_NEW_MOUNT | COACH_SPAWN_LANDLOCK
        | COACH_SPAWN_SECCOMP | COACH_SPAWN_NO_NEW_PRIVS | (isRoot ? 0 : COACH_SPAWN_NEW_USER)

    /// Which of them this kernel allows, tried once per process in a throw-away child.
    static let available: Int32 = coach_sandbox_probe(wanted)

    static func can(_ flag: Int32) -> Bool { available & flag != 0 }

    static var canIsolateNetwork: Bool { can(COACH_SPAWN_NEW_NET) }
    static var canIsolateProcesses: Bool { can(COACH_SPAWN_NEW_PID) }

    public func protections(for policy: SandboxPolicy) -> [Protection] {
        Self.isolations(for: policy) + Self.limits(for: policy)
    }

    /// The isolations a plugin needs (`required`), and whether each is in force here.
    static func isolations(for policy: SandboxPolicy) -> [Protection] {
        let net = policy.isolateNetwork && canIsolateNetwork
        let pids = policy.isolateProcesses && canIsolateProcesses
        let files = policy.isolateFiles && can(COACH_SPAWN_LANDLOCK)
        let mounts = policy.isolateFiles && can(COACH_SPAWN_NEW_MOUNT)
        let calls =
            policy.filterSystemCalls && can(COACH_SPAWN_SECCOMP)
            && can(COACH_SPAWN_NO_NEW_PRIVS)
        var list: [Protection] = []
        if !isRoot {
            let users = can(COACH_SPAWN_NEW_USER)
            list.append(
                Protection(
                    name: "user-namespace", active: users,
                    detail: users
                        ? "own user namespace, so an ordinary user can isolate it"
                        : "unprivileged user namespaces are not available here"))
        }
        list += [
            Protection(
                name: "network", active: net,
                detail: net
                    ? "own network namespace: no interfaces, no connections"
                    : "network namespaces are not available here; plugins can reach the network",
                required: policy.isolateNetwork),
            Protection(
                name: "processes", active: pids,
                detail: pids
                    ? "own PID namespace: everything a plugin starts ends with it"
                    : "PID namespaces are not available; only the process group is ended",
                required: policy.isolateProcesses),
            Protection(
                name: "files", active: files && mounts,
                detail: files && mounts
                    ? "Landlock (ABI \(coach_landlock_abi())) in its own mount namespace: reads "
                        + "system folders and its executable, writes only its own directory"
                    : "Landlock or mount namespaces are not available; plugins can read and "
                        + "write whatever this user can",
                required: policy.isolateFiles),
            Protection(
                name: "system-calls", active: calls,
                detail: calls
                    ? "no new privileges; seccomp refuses sockets, ptrace, other processes' "
                        + "memory, namespaces and mounts"
                    : "seccomp or no-new-privileges is not available here",
                required: policy.filterSystemCalls),
            Protection(
                name: "host-memory", active: true,
                detail: "the host is not dumpable: its memory and /proc files are closed to plugins"
            ),
        ]
        return list
    }

    /// The resource limits, the user and the environment.
    static func limits(for policy: SandboxPolicy) -> [Protection] {
        let mib = policy.addressSpaceBytes >> 20
        var list = [
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
        if isRoot, let user = policy.unprivilegedUser {
            list.append(
                Protection(
                    name: "user", active: true,
                    detail: "runs as unprivileged uid \(user.uid), not as root"))
            list.append(
                Protection(
                    name: "process-count", active: true,
                    detail: "at most \(policy.processes) processes of that user"))
        } else if isRoot {
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
        if policy.isolateNetwork { flags |= COACH_SPAWN_NEW_NET }
        if policy.isolateProcesses { flags |= COACH_SPAWN_NEW_PID }
        if policy.isolateFiles { flags |= COACH_SPAWN_NEW_MOUNT | COACH_SPAWN_LANDLOCK }
        if policy.filterSystemCalls { flags |= COACH_SPAWN_SECCOMP | COACH_SPAWN_NO_NEW_PRIVS }
        if flags & (COACH_SPAWN_NEW_NET | COACH_SPAWN_NEW_PID | COACH_SPAWN_NEW_MOUNT) != 0 {
            flags |= COACH_SPAWN_NEW_USER
        }
        // Only what this kernel allows; a required protection left out is refused before launch.
        flags &= available
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
        case Int(COACH_STAGE_USERNS): "user namespace"
        case Int(COACH_STAGE_MOUNT): "mount namespace"
        case Int(COACH_STAGE_NO_NEW_PRIVS): "no new privileges"
        case Int(COACH_STAGE_LANDLOCK): "Landlock"
        case Int(COACH_STAGE_SECCOMP): "seccomp"
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
