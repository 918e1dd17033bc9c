import Foundation

/// The operating-system restrictions a plugin process is started under.
///
/// The defaults are what coach asks for every plugin; a launcher applies the ones the kernel
/// allows and `SandboxProbe` reports which those are.
public struct SandboxPolicy: Sendable, Equatable {
    /// Address-space limit in bytes.
    public var addressSpaceBytes: Int64
    /// CPU time limit in seconds over the process's whole life.
    public var cpuSeconds: Int64
    /// Most open file descriptors.
    public var openFiles: Int64
    /// Most processes of the plugin's user.
    public var processes: Int64
    /// Largest file the plugin may write, in bytes.
    public var fileSizeBytes: Int64
    /// Run in a network namespace of its own (no network).
    public var isolateNetwork: Bool
    /// Run as init of a PID namespace of its own (ending it ends everything it started).
    public var isolateProcesses: Bool
    /// When coach runs as root, switch the plugin to this unprivileged uid and gid.
    public var unprivilegedUser: (uid: UInt32, gid: UInt32)?
    /// Confine files (Landlock, in a mount namespace of its own): read and execute only below
    /// `readablePaths`, read and write only `devicePaths`, its own directory and nothing else.
    public var isolateFiles = true
    /// No new privileges and the seccomp filter: no sockets, ptrace, other processes' memory,
    /// namespaces, mounts, keyrings, BPF or io_uring.
    public var filterSystemCalls = true
    /// Folders a plugin may read and execute below (those missing here are left out).
    public var readablePaths = [
        "/usr", "/lib", "/lib64", "/lib32", "/bin", "/sbin", "/etc", "/opt", "/proc",
        "/sys/devices/system/cpu",
    ]
    /// Device files a plugin may read and write.
    public var devicePaths = ["/dev/null", "/dev/zero", "/dev/urandom", "/dev/random"]
    /// Run a plugin even when a required protection cannot be set up on this machine (only
    /// when the workspace's owner allowed it).
    public var allowUnsandboxed = false

    /// A policy with these limits and isolations; the file, system-call and path settings
    /// take their defaults.
    public init(
        addressSpaceBytes: Int64, cpuSeconds: Int64, openFiles: Int64, processes: Int64,
        fileSizeBytes: Int64, isolateNetwork: Bool, isolateProcesses: Bool,
        unprivilegedUser: (uid: UInt32, gid: UInt32)?
    ) {
        self.addressSpaceBytes = addressSpaceBytes
        self.cpuSeconds = cpuSeconds
        self.openFiles = openFiles
        self.processes = processes
        self.fileSizeBytes = fileSizeBytes
        self.isolateNetwork = isolateNetwork
        self.isolateProcesses = isolateProcesses
        self.unprivilegedUser = unprivilegedUser
    }

    /// The policy every plugin gets.
    public static let standard = SandboxPolicy(
        addressSpaceBytes: 2 << 30, cpuSeconds: 300, openFiles: 64, processes: 64,
        fileSizeBytes: 64 << 20, isolateNetwork: true, isolateProcesses: true,
        unprivilegedUser: (uid: 65534, gid: 65534))

    public static func == (a: SandboxPolicy, b: SandboxPolicy) -> Bool {
        a.addressSpaceBytes == b.addressSpaceBytes && a.cpuSeconds == b.cpuSeconds
            && a.openFiles == b.openFiles && a.processes == b.processes
            && a.fileSizeBytes == b.fileSizeBytes && a.isolateNetwork == b.isolateNetwork
            && a.isolateProcesses == b.isolateProcesses
            && a.unprivilegedUser?.uid == b.unprivilegedUser?.uid
            && a.unprivilegedUser?.gid == b.unprivilegedUser?.gid
            && a.isolateFiles == b.isolateFiles && a.filterSystemCalls == b.filterSystemCalls
            && a.readablePaths == b.readablePaths && a.devicePaths == b.devicePaths
            && a.allowUnsandboxed == b.allowUnsandboxed
    }

    /// The environment a plugin sees: nothing of coach's own but these variables.
    ///
    /// - Parameter home: the plugin's private temporary directory (also its HOME).
    public static func environment(home: String, protocolVersion: Int) -> [String: String] {
        [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "TZ": "UTC",
            "COACH_PLUGIN_PROTOCOL": String(protocolVersion),
        ]
    }
}
