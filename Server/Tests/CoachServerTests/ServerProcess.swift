import Foundation

@testable import CoachServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `coach-server` binary started as a process: its first output line, its exit,
/// and plain HTTP requests to it.
final class ServerProcess: Sendable {
    let pid: pid_t
    let output: Int32
    let errors: Int32

    /// The binary next to the test bundle.
    static var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("coach-server").path
    }

    /// A key file of `ServerKey.test`, which every process started here serves with unless
    /// its environment names another.
    static let keyFile: String = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("coach-server-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("server.key").path
        try? ServerKey.test.write(to: path)
        return path
    }()

    /// Starts `coach-server` with `arguments` and `environment` added to this process's.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        var fds: [Int32] = [0, 0]
        var efds: [Int32] = [0, 0]
        guard pipe(&fds) == 0, pipe(&efds) == 0 else { throw HarnessError("no pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, efds[1], 2)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, efds[0])
        let program = Self.binary
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        var merged = ProcessInfo.processInfo.environment
        merged["COACH_SERVER_KEY_FILE"] = Self.keyFile
        for (key, value) in environment { merged[key] = value }
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for entry in envp { free(entry) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
        close(fds[1])
        close(efds[1])
        guard spawned == 0 else { throw HarnessError("coach-server did not start: \(spawned)") }
        self.pid = pid
        output = fds[0]
        errors = efds[0]
    }

    /// Everything the process wrote on standard output (or `errors`) until it exited.
    func readAll(_ fd: Int32? = nil) -> String {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd ?? output, &buffer, buffer.count)
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The first line the process wrote.
    func firstLine() -> String {
        var line = [UInt8]()
        var byte: UInt8 = 0
        while read(output, &byte, 1) == 1, byte != 10 { line.append(byte) }
        return String(decoding: line, as: UTF8.self)
    }

    /// Waits for the process: its exit status, or the signal that killed it (negative).
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        close(output)
        close(errors)
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : -signal
    }

    /// Ends the process with SIGTERM and waits.
    func stop() {
        kill(pid, SIGTERM)
        _ = wait()
    }

    /// GETs `url` and returns the status and body; nil status when the connection failed.
    static func get(_ url: String) async -> (Int?, [UInt8]) {
        do {
            let (data, response) = try await URLSession.shared.data(from: URL(string: url)!)
            return ((response as? HTTPURLResponse)?.statusCode, [UInt8](data))
        } catch {
            return (nil, [])
        }
    }

    /// POSTs JSON and returns the status and body; nil status when the connection failed.
    static func post(_ url: String, json: [UInt8], token: String? = nil) async -> (Int?, [UInt8]) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = "POST"
        request.httpBody = Data(json)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Coach \(token)", forHTTPHeaderField: "Authorization") }
        do {
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode, [UInt8](data))
        } catch {
            return (nil, [])
        }
    }
}
