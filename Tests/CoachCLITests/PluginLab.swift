import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A folder of test plugins that an unprivileged user can reach (coach drops plugins to
/// `nobody` when it runs as root), removed at the end.
///
/// The plugins are in `bin`, writable by their owner only (coach refuses a plugin whose folder
/// others can write); `root` above it is sticky and writable by everyone, for what a plugin
/// writes (a sticky folder lets nobody rename `bin` away).
final class PluginLab: @unchecked Sendable {
    // @unchecked Sendable: the paths are immutable; files are written before any plugin runs.
    let root: String
    /// Where the plugins are installed.
    let bin: String

    init() throws {
        root = "/tmp/coach-plugin-lab-\(UUID().uuidString.lowercased())"
        bin = root + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        chmod(root, 0o1777)
        chmod(bin, 0o755)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    static var repo: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Writes the misbehaving test plugin as `coach-metric-<id>` in `mode`.
    func misbehaving(
        _ mode: String, id: String? = nil, port: Int = 0, dump: String = "", marker: String = "",
        kinds: [String] = ["wellness"]
    ) throws -> String {
        let template = try String(
            contentsOf: Self.repo.appendingPathComponent("Tests/Fixtures/plugins/misbehaving.py"),
            encoding: .utf8)
        let id = id ?? "bad-" + mode
        let kindsJSON = "[" + kinds.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let text = template.replacingOccurrences(of: "@MODE@", with: mode)
            .replacingOccurrences(of: "@PORT@", with: String(port))
            .replacingOccurrences(of: "@DUMP@", with: dump)
            .replacingOccurrences(of: "@MARKER@", with: marker)
            .replacingOccurrences(of: "@ID@", with: id)
            .replacingOccurrences(of: "@KINDS@", with: kindsJSON)
        return try install(Data(text.utf8), as: "coach-metric-" + id)
    }

    /// Copies a file into the lab as an executable named `name`.
    func copy(_ source: String, as name: String) throws -> String {
        try install(try Data(contentsOf: URL(fileURLWithPath: source)), as: name)
    }

    private func install(_ data: Data, as name: String) throws -> String {
        let path = bin + "/" + name
        try data.write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return path
    }

    /// Processes whose command line or open files mention `text` (other than this test
    /// process): a script run from its open descriptor names its file only as descriptor 3.
    static func processes(mentioning text: String) -> [String] {
        let me = String(getpid())
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) && $0 != me }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                !data.isEmpty
            else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            let fds =
                (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            let open = fds.compactMap {
                try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")
            }
            let mentions = line.contains(text) || open.contains { $0.contains(text) }
            return mentions ? "\(pid): \(line)" : nil
        }
    }
}

/// A TCP listener on 127.0.0.1 that never accepts, to see whether anyone connected.
final class LoopbackListener {
    let fd: Int32
    let port: Int

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) }
        }
        try #require(bound == 0 && listen(fd, 8) == 0, "could not listen on 127.0.0.1")
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        port = Int(UInt16(bigEndian: addr.sin_port))
        _ = fcntl(self.fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(fd) }

    /// Whether a connection is waiting to be accepted.
    var wasConnected: Bool {
        let c = accept(fd, nil, nil)
        if c >= 0 { close(c) }
        return c >= 0
    }
}
