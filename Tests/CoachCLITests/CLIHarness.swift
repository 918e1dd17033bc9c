import Foundation
import Testing

/// The outcome of one `coach` process.
struct CoachResult: Sendable {
    let args: [String]
    let environment: [String: String]
    let status: Int32
    let crashed: Bool
    let stdout: String
    let stderr: String

    /// stderr as its non-empty lines.
    var errorLines: [Substring] { stderr.split(separator: "\n") }
}

/// Runs the built `coach` binary in a sandbox: its own HOME, XDG_RUNTIME_DIR, XDG_STATE_HOME,
/// TMPDIR and COACH_WORKSPACE under a temporary folder, no COACH_* variables from the parent.
///
/// A sandbox made with a fixed clock runs every command on it (helpers such as
/// `auditEntries` included), so a scene never mixes its "now" with the real one.
final class CoachSandbox: @unchecked Sendable {
    static let ownerPass = "owner passphrase for cli"

    let root: String
    /// `COACH_NOW` for every command of this sandbox, if it has a fixed clock.
    let clock: [String: String]
    var workspace: String { root + "/ws/workspace.sqlite" }
    var runtimeDir: String { root + "/run" }
    /// The state folder of this sandbox (users' marks live under `coach/marks`).
    var stateDir: String { root + "/state" }
    let lock = NSLock()
    private(set) var history: [CoachResult] = []

    /// A sandbox whose commands run on the system clock, or at `clock` (`["COACH_NOW": …]`).
    init(clock: [String: String] = [:]) throws {
        self.clock = clock
        root =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "coach-cli-\(UUID().uuidString)"
            ).path
        for sub in ["", "/home", "/run", "/tmp", "/secrets"] {
            try FileManager.default.createDirectory(
                atPath: root + sub, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// The coach executable next to the test bundle (or in the package's .build/debug).
    static let binary: String? = {
        let fm = FileManager.default
        let bundle = Bundle.main.bundleURL
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            bundle.appendingPathComponent("coach"),
            bundle.deletingLastPathComponent().appendingPathComponent("coach"),
            root.appendingPathComponent(".build/debug/coach"),
        ].map(\.path)
        return candidates.first { fm.isExecutableFile(atPath: $0) }
    }()

    var environment: [String: String] {
        [
            "HOME": root + "/home", "XDG_RUNTIME_DIR": runtimeDir, "TMPDIR": root + "/tmp",
            "XDG_STATE_HOME": stateDir,
            "COACH_WORKSPACE": workspace,
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
        ].merging(clock) { _, fixed in fixed }.merging(FakeSystemClock.inherited) { _, new in new }
    }

    /// Writes a secret file (0600) under secrets/ and returns its path.
    func secretFile(_ name: String, _ content: String) throws -> String {
        let path = root + "/secrets/" + name
        _ = FileManager.default.createFile(
            atPath: path, contents: Data((content + "\n").utf8),
            attributes: [.posixPermissions: 0o600])
        return path
    }

    /// Runs `coach args…` under `umask`, with optional stdin and extra environment, in `cwd` when
    /// given; waits up to `timeout`.
    /// `systemClockAhead` runs the command with the system clock moved on by that many seconds
    /// (through libfaketime), for what must follow real time, such as session lifetimes.
    @discardableResult
    func run(
        _ args: [String], stdin: String? = nil, env extra: [String: String] = [:],
        umask: String = "022",
        timeout: Double = 120, systemClockAhead: Int? = nil, cwd: String? = nil
    ) throws -> CoachResult {
        var extra = extra
        if let systemClockAhead {
            extra.merge(try FakeSystemClock.ahead(seconds: systemClockAhead)) { _, new in new }
        }
        let process = try start(args, stdin: stdin, env: extra, umask: umask, cwd: cwd)
        let deadline = Date().addingTimeInterval(timeout)
        while process.process.isRunning && Date() < deadline { usleep(5000) }
        if process.process.isRunning { kill(process.process.processIdentifier, SIGKILL) }
        process.process.waitUntilExit()
        return finish(process)
    }

    struct Running {
        let process: Process
        let args: [String]
        let env: [String: String]
        let out: String, err: String
    }

    /// Starts `coach args…` without waiting (for kill tests).
    func start(
        _ args: [String], stdin: String? = nil, env extra: [String: String] = [:],
        umask: String = "022", cwd: String? = nil
    ) throws -> Running {
        let binary = try #require(
            Self.binary, "the coach executable is not built; run 'swift build' first")
        let id = UUID().uuidString
        let out = root + "/tmp/out-\(id)", err = root + "/tmp/err-\(id)"
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "umask \(umask); exec \"$0\" \"$@\"", binary] + args
        let env = environment.merging(extra) { _, new in new }
        p.environment = env
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        p.standardOutput = FileHandle(forWritingAtPath: out)
        p.standardError = FileHandle(forWritingAtPath: err)
        if let stdin {
            let inPath = root + "/tmp/in-\(id)"
            _ = FileManager.default.createFile(
                atPath: inPath, contents: Data(stdin.utf8), attributes: [.posixPermissions: 0o600])
            p.standardInput = FileHandle(forReadingAtPath: inPath)
        } else {
            p.standardInput = FileHandle.nullDevice
        }
        try p.run()
        return Running(process: p, args: args, env: env, out: out, err: err)
    }

    func finish(_ r: Running) -> CoachResult {
        let result = CoachResult(
            args: r.args, environment: r.env, status: r.process.terminationStatus,
            crashed: r.process.terminationReason == .uncaughtSignal,
            stdout: (try? String(contentsOfFile: r.out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: r.err, encoding: .utf8)) ?? "")
        try? FileManager.default.removeItem(atPath: r.out)
        try? FileManager.default.removeItem(atPath: r.err)
        try? FileManager.default.removeItem(atPath: root + "/tmp/in-" + r.out.suffix(36))
        lock.lock(); history.append(result); lock.unlock()
        return result
    }

    /// `coach init` with the owner `olivia` (interactive KDF) and an unlocked owner session.
    func initialise(unlock: Bool = true, athlete: String? = "jane") throws {
        let pass = try secretFile("owner", Self.ownerPass)
        try expectOK(
            run([
                "init", "--owner", "olivia", "--kdf", "interactive", "--new-passphrase-file", pass,
            ]))
        if unlock {
            try expectOK(
                run(["unlock", "--as", "olivia", "--passphrase-file", pass, "--ttl", "1h"]))
        }
        if let athlete {
            let auth = unlock ? ["--as", "olivia"] : ["--as", "olivia", "--passphrase-file", pass]
            try expectOK(
                run(
                    [
                        "athlete", "add", athlete, "--name", "Jane Doe", "--time-zone",
                        "Europe/Berlin",
                    ] + auth))
        }
    }

    /// Fails the test with the process's stderr unless it exited 0.
    @discardableResult
    func expectOK(_ r: CoachResult, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> CoachResult
    {
        #expect(
            r.status == 0 && !r.crashed,
            "coach \(r.args.joined(separator: " ")) failed (\(r.status)): \(r.stderr)",
            sourceLocation: sourceLocation)
        return r
    }

    /// The number of audit entries, from `coach audit verify --json` (needs no unlock).
    func auditEntries(workspace: String? = nil) throws -> Int {
        let r = try run(
            ["audit", "verify", "--json"] + (workspace.map { ["--workspace", $0] } ?? []))
        let obj = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return try #require(
            obj?["entries"] as? Int, "audit verify printed: \(r.stdout) \(r.stderr)")
    }

    /// Runs a query with the sqlite3 shell (read-only inspection of the file).
    func sqlite(_ sql: String, workspace: String? = nil) throws -> String {
        let tool = try #require(
            ["/usr/bin/sqlite3", "/bin/sqlite3"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            },
            "sqlite3 is needed to inspect the workspace file")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = [workspace ?? self.workspace, sql]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// File mode bits of `path`.
    static func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int
    }
}
