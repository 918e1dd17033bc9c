import Foundation

/// Debian's `chromium`, run headless on a file, with its log and net log kept for inspection.
struct HeadlessChromium {
    /// The browser on PATH (or the usual Debian paths), if installed.
    static let path: String? = {
        let dirs =
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(
                String.init)
            + ["/usr/bin", "/usr/local/bin"]
        for dir in dirs {
            for name in ["chromium", "chromium-browser"]
            where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
                return "\(dir)/\(name)"
            }
        }
        return nil
    }()

    /// What one run left behind.
    struct Run {
        var status: Int32
        var stdout: String
        /// Chromium's log (stderr, `--enable-logging=stderr`): console messages show as `:CONSOLE`.
        var log: String
        /// URLs the page itself asked for, from the net log (see `pageRequests`).
        var pageRequests: [String]
    }

    let binary: String
    let folder: URL

    init(binary: String) throws {
        self.binary = binary
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "coach-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Writes `html` into the run folder and returns its file URL.
    func write(_ html: String, name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(html.utf8).write(to: url)
        return url
    }

    /// Opens `page` headless with `extra` arguments (e.g. `--dump-dom`, `--screenshot=…`).
    ///
    /// Background services (updates, sync, sign-in) are switched off, but the browser may still
    /// contact them on its own; those requests carry the initiator "not an origin" in the net log,
    /// while anything the page asks for carries the page's origin ("null" for a file).
    func open(_ page: URL, _ extra: [String], timeout: TimeInterval = 90) throws -> Run {
        let tag = UUID().uuidString
        let netLog = folder.appendingPathComponent("net-\(tag).json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--hide-scrollbars",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-default-apps", "--disable-extensions",
                "--user-data-dir=\(folder.appendingPathComponent("profile-\(tag)").path)",
                "--enable-logging=stderr", "--v=0", "--log-net-log=\(netLog.path)",
            ] + extra + [page.absoluteString]
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = folder.path
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        // Read both pipes to the end before waiting, so a full pipe cannot stall the browser.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        DispatchQueue.global().async(group: group) {
            outData = out.fileHandleForReading.readDataToEndOfFile()
        }
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        timer.cancel()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            log: String(decoding: errData, as: UTF8.self), pageRequests: Self.pageRequests(netLog))
    }

    /// URLs in the net log that the browser did not fetch for itself: every URL of an event,
    /// minus those whose initiator is "not an origin" (browser services) and the page's own file.
    static func pageRequests(_ netLog: URL) -> [String] {
        guard let data = FileManager.default.contents(atPath: netLog.path),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let events = root["events"] as? [[String: Any]]
        else { return ["<net log missing or unreadable>"] }
        var all = Set<String>()
        var browser = Set<String>()
        for e in events {
            guard let p = e["params"] as? [String: Any], let url = p["url"] as? String else {
                continue
            }
            all.insert(url)
            if p["initiator"] as? String == "not an origin" { browser.insert(url) }
        }
        return all.subtracting(browser).filter { !$0.hasPrefix("file://") }.sorted()
    }

    /// Lines of the browser log that are console messages from the page.
    static func consoleLines(_ log: String) -> [Substring] {
        log.split(separator: "\n").filter { $0.contains(":CONSOLE") }
    }
}
