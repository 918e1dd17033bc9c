import Foundation

/// Headless Chromium driven over the DevTools protocol through `--remote-debugging-pipe`: the
/// browser reads commands on fd 3 and writes answers and events on fd 4, each message JSON
/// followed by a NUL byte. Its net log (`--log-net-log`) is written when it closes.
///
/// One thread uses it: `call` writes a command and reads until its answer, handing every event
/// read meanwhile to `onEvent`, which may `post` commands of its own (answers to those are
/// dropped). A `final class` because it owns the process and its pipes.
final class ChromiumPipe {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Debian's `chromium` (from `make test-deps`), or nil when it is not installed.
    static let binary: String? = {
        let dirs =
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map(String.init) + ["/usr/bin"]
        for dir in dirs {
            for name in ["chromium", "chromium-browser"]
            where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
                return "\(dir)/\(name)"
            }
        }
        return nil
    }()

    let pid: pid_t
    let folder: URL
    let netLog: URL
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private var buffer: [UInt8] = []
    private var nextID = 0
    private var closed = false
    /// Receives every event: its method, params and session id.
    var onEvent: (String, [String: Any], String?) throws -> Void = { _, _, _ in }

    /// Starts the browser headless with an empty page, in a fresh profile under a temporary
    /// folder, with `extraArguments` added to its command line.
    init(binary: String, extraArguments: [String] = []) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "coach-cdp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        netLog = folder.appendingPathComponent("net.json")
        let arguments =
            [
                binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--hide-scrollbars", "--mute-audio", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-default-apps",
                "--disable-extensions", "--no-default-browser-check", "--remote-debugging-pipe",
                "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
                "--log-net-log=\(netLog.path)",
            ] + extraArguments + ["about:blank"]
        // Both pipes with their ends above fd 9 and close-on-exec, so placing them at fds 3
        // and 4 in the child cannot overwrite one another, and nothing else leaks.
        func pipePair() throws -> (read: Int32, write: Int32) {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw Failure("no pipe") }
            let r = fcntl(fds[0], F_DUPFD_CLOEXEC, 10)
            let w = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
            Glibc.close(fds[0])
            Glibc.close(fds[1])
            return (r, w)
        }
        let commands = try pipePair()
        let answers = try pipePair()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, commands.read, 3)
        posix_spawn_file_actions_adddup2(&actions, answers.write, 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let log = folder.appendingPathComponent("chromium.log").path
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT, 0o600)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = folder.path
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for e in envp { free(e) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, binary, &actions, nil, argv, envp)
        Glibc.close(commands.read)
        Glibc.close(answers.write)
        guard rc == 0 else {
            Glibc.close(commands.write)
            Glibc.close(answers.read)
            throw Failure("chromium did not start: \(rc)")
        }
        pid = child
        toBrowser = commands.write
        fromBrowser = answers.read
    }

    deinit {
        shutdown()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Sends a command without waiting for its answer.
    @discardableResult
    func post(_ method: String, _ params: [String: Any] = [:], session: String? = nil) throws
        -> Int
    {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        let bytes = [UInt8](try JSONSerialization.data(withJSONObject: message)) + [0]
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure("the browser's command pipe closed") }
            sent += n
        }
        return nextID
    }

    /// Sends a command and returns its `result`, handling events until it arrives.
    ///
    /// - Throws: `Failure` for a protocol error, a closed pipe, or no answer within `timeout`.
    @discardableResult
    func call(
        _ method: String, _ params: [String: Any] = [:], session: String? = nil,
        timeout: TimeInterval = 30
    ) throws -> [String: Any] {
        let id = try post(method, params, session: session)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let message = try next(until: deadline, waitingFor: method)
            if let answer = message["id"] as? Int {
                guard answer == id else { continue }
                if let error = message["error"] as? [String: Any] {
                    throw Failure("\(method): \(error["message"] ?? error)")
                }
                return message["result"] as? [String: Any] ?? [:]
            }
            if let event = message["method"] as? String {
                try onEvent(
                    event, message["params"] as? [String: Any] ?? [:],
                    message["sessionId"] as? String)
            }
        }
    }

    /// Evaluates `expression` in `session`, awaiting a promise, and returns its JSON value.
    func evaluate(_ expression: String, session: String, timeout: TimeInterval = 30) throws
        -> Any?
    {
        let result = try call(
            "Runtime.evaluate",
            ["expression": expression, "awaitPromise": true, "returnByValue": true],
            session: session, timeout: timeout)
        if let thrown = result["exceptionDetails"] as? [String: Any] {
            let exception = thrown["exception"] as? [String: Any]
            throw Failure("page threw: \(exception?["description"] ?? thrown["text"] ?? "")")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    private func next(until deadline: Date, waitingFor method: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            }
            let wait = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            var poller = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, wait)
            guard ready > 0 else { throw Failure("no answer to \(method) in time") }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = read(fromBrowser, &chunk, chunk.count)
            guard n > 0 else { throw Failure("the browser closed its pipe during \(method)") }
            buffer += chunk[..<n]
        }
    }

    /// Closes the browser (so it writes its net log) and waits for it.
    func shutdown() {
        guard !closed else { return }
        closed = true
        _ = try? post("Browser.close")
        var status: Int32 = 0
        var reaped = false
        for _ in 0..<200 where !reaped {
            reaped = waitpid(pid, &status, WNOHANG) == pid
            if !reaped { usleep(50_000) }
        }
        if !reaped {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
        }
        Glibc.close(toBrowser)
        Glibc.close(fromBrowser)
    }

    /// The URLs in the net log: `all` of them, and those the page asked for (`page`: every
    /// URL of an event whose initiator is an origin; the browser's own navigations and
    /// background services carry the initiator "not an origin"). Nil when the log is unreadable.
    func netLogURLs() -> (all: Set<String>, page: Set<String>)? {
        guard let data = FileManager.default.contents(atPath: netLog.path),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let events = root["events"] as? [[String: Any]]
        else { return nil }
        var all = Set<String>()
        var page = Set<String>()
        for e in events {
            guard let p = e["params"] as? [String: Any], let url = p["url"] as? String else {
                continue
            }
            all.insert(url)
            if let initiator = p["initiator"] as? String, initiator != "not an origin" {
                page.insert(url)
            }
        }
        return (all, page)
    }
}
