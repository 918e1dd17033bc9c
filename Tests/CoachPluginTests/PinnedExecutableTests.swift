import CoachCrypto
import CoachKit
import CoachPluginProtocol
import Foundation
import Testing

@testable import CoachPlugins

#if canImport(Glibc)
    import Glibc
#endif

/// What runs is what was hashed: the executable is opened once, and the open file is executed.
@Suite struct PinnedExecutableTests {
    /// A folder under /tmp (0755) holding plugin scripts, removed by `remove`.
    struct Folder {
        let path: String

        init() throws {
            path = "/tmp/coach-pinned-\(UUID().uuidString.lowercased())"
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true)
            chmod(path, 0o755)
        }

        /// A shell plugin answering the handshake as `name`.
        func script(_ file: String, name: String) throws -> String {
            let manifest =
                #"{"protocolVersion":1,"plugin":{"id":"swap","name":"NAME","version":"1"},"#
                + #""providers":[{"id":"swap","name":"s","summary":"s","version":"1","#
                + #""inputs":[],"range":{"min":0,"max":1},"unit":"","bands":[]}]}"#
            let answer = #"{"jsonrpc":"2.0","id":1,"result":"# + manifest + "}"
            let body =
                "#!/bin/sh\nread -r line\nprintf '%s\\n' '"
                + answer.replacingOccurrences(of: "NAME", with: name) + "'\nread -r line\n"
            let at = path + "/" + file
            try Data(body.utf8).write(to: URL(fileURLWithPath: at))
            chmod(at, 0o755)
            return at
        }

        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The attacker's move, made at the last moment: after coach hashed the file, just before
    /// the process starts, another executable is renamed over the pinned path.
    struct SwappingLauncher: ProcessLauncher {
        let replacement: String
        let real = SandboxLauncher()

        func launch(_ request: LaunchRequest) throws -> PluginProcess {
            #expect(rename(replacement, request.executable) == 0)
            return try real.launch(request)
        }

        func protections(for policy: SandboxPolicy) -> [Protection] {
            real.protections(for: policy)
        }
    }

    /// Runs `body` again while the kernel says the script is busy: a child another test forked
    /// may hold the script's write descriptor until it executes (ETXTBSY), a race of the tests
    /// writing scripts, not of coach.
    static func retryingBusy<T>(_ body: () throws -> T) throws -> T {
        for _ in 0..<40 {
            do { return try body() } catch let e as PluginError
                where e.failure == .launch(stage: "exec", reason: "Text file busy")
            {
                usleep(50_000)
            } catch PluginFailure.launch(stage: "exec", reason: "Text file busy") {
                usleep(50_000)
            }
        }
        return try body()
    }

    static func context(_ launcher: any ProcessLauncher) -> PluginContext {
        PluginContext(
            launcher: launcher, host: PeerInfo(name: "coach-tests", version: "0"),
            temporaryRoot: "/tmp", initializeTimeout: .seconds(5))
    }

    @Test("A file swapped in after the pin was checked is not what runs when a plugin is added")
    func swapWhileAdding() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let path = try folder.script("coach-metric-swap", name: "genuine")
        let evil = try folder.script("evil", name: "swapped")
        let genuine = Hashing.hex(
            Hashing.sha256([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
        let inspection = try PluginInspector.inspect(
            path: path, context: Self.context(SwappingLauncher(replacement: evil)))
        // The swap happened: the path now holds the attacker's file.
        #expect(!FileManager.default.fileExists(atPath: evil))
        #expect(inspection.manifest.plugin.name == "genuine", "the swapped-in file ran")
        #expect(inspection.sha256 == genuine)
    }

    @Test("A file swapped in after the pin was checked is not what runs for a view")
    func swapBeforeRun() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let path = try folder.script("coach-metric-swap", name: "genuine")
        let evil = try folder.script("evil", name: "swapped")
        let pinned = try PinnedExecutable(path: path)
        let record = PluginRecord(
            id: "swap", path: path, sha256: pinned.sha256,
            manifest: try Self.handshake(path), granted: [])
        let context = Self.context(SwappingLauncher(replacement: evil))
        let connection = PluginConnection(pluginID: "swap", host: context.host) {
            try context.start(record)
        }
        defer { connection.shutdown() }
        #expect(try connection.initialize().plugin.name == "genuine", "the swapped-in file ran")
    }

    static func handshake(_ path: String) throws -> InitializeResult {
        try retryingBusy {
            try PluginInspector.inspect(path: path, context: context(SandboxLauncher())).manifest
        }
    }

    /// A way to leave a plugin open to change, and how coach must answer it.
    struct Exposure: Sendable, CustomStringConvertible {
        let description: String
        /// Changes the folder (made 0755, with the plugin `coach-metric-x` in `sub/`, 0755).
        let expose: @Sendable (_ folder: String) -> Void
        /// The path coach is given.
        let path: @Sendable (_ folder: String) -> String
        let category: FailureCategory
        let words: String
    }

    static let exposures: [Exposure] = [
        Exposure(
            description: "its folder writable by others", expose: { chmod($0 + "/sub", 0o777) },
            path: { $0 + "/sub/coach-metric-x" }, category: .permission,
            words: "others can write to folder"),
        Exposure(
            description: "its folder sticky and writable by others",
            expose: { chmod($0 + "/sub", 0o1777) }, path: { $0 + "/sub/coach-metric-x" },
            category: .permission, words: "others can write to folder"),
        Exposure(
            description: "the file writable by its group",
            expose: { chmod($0 + "/sub/coach-metric-x", 0o775) },
            path: { $0 + "/sub/coach-metric-x" }, category: .permission,
            words: "others can write to it"),
        Exposure(
            description: "a folder above writable by others, not sticky",
            expose: { chmod($0, 0o777) }, path: { $0 + "/sub/coach-metric-x" },
            category: .permission, words: "others can write to folder"),
        Exposure(
            description: "the file replaced by a symbolic link",
            expose: {
                rename($0 + "/sub/coach-metric-x", $0 + "/sub/real")
                symlink($0 + "/sub/real", $0 + "/sub/coach-metric-x")
            }, path: { $0 + "/sub/coach-metric-x" }, category: .corrupt,
            words: "symbolic link"),
        Exposure(
            description: "its folder replaced by a symbolic link",
            expose: {
                rename($0 + "/sub", $0 + "/moved")
                symlink($0 + "/moved", $0 + "/sub")
            }, path: { $0 + "/sub/coach-metric-x" }, category: .corrupt,
            words: "symbolic link"),
    ]

    @Test(
        "A plugin others could change, or reached through a link, is refused", arguments: exposures)
    func refused(_ exposure: Exposure) throws {
        let folder = try Folder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            atPath: folder.path + "/sub", withIntermediateDirectories: true)
        chmod(folder.path + "/sub", 0o755)
        _ = try folder.script("sub/coach-metric-x", name: "x")
        // Before the exposure the plugin opens; after it, it does not.
        _ = try PinnedExecutable(path: exposure.path(folder.path))
        exposure.expose(folder.path)
        #expect {
            _ = try PinnedExecutable(path: exposure.path(folder.path))
        } throws: { error in
            guard let failure = error as? PluginFailure else { return false }
            let wrapped = PluginError(plugin: "x", failure: failure)
            return wrapped.category == exposure.category
                && (failure.errorDescription ?? "").contains(exposure.words)
        }
    }

    @Test("A sticky folder above the plugin's own, like /tmp, is accepted")
    func stickyAbove() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            atPath: folder.path + "/sub", withIntermediateDirectories: true)
        chmod(folder.path + "/sub", 0o755)
        let path = try folder.script("sub/coach-metric-x", name: "x")
        chmod(folder.path, 0o1777)
        #expect(try PinnedExecutable(path: path).descriptor >= 0)
    }
}

/// A plugin is never started where a required protection is missing, unless allowed.
@Suite struct SandboxRefusalTests {
    /// A launcher on a machine without Landlock, which records whether it was asked to start.
    final class NoFilesLauncher: ProcessLauncher, @unchecked Sendable {
        // @unchecked Sendable: `launched` is only touched under `lock`.
        let lock = NSLock()
        var launched = 0
        let real = SandboxLauncher()

        func launch(_ request: LaunchRequest) throws -> PluginProcess {
            lock.withLock { launched += 1 }
            return try real.launch(request)
        }

        func protections(for policy: SandboxPolicy) -> [Protection] {
            real.protections(for: policy).map {
                var p = $0
                if p.name == "files" { p.active = false }
                return p
            }
        }
    }

    @Test("Without a required protection nothing is executed, not even the handshake")
    func refusedBeforeRunning() throws {
        let folder = try PinnedExecutableTests.Folder()
        defer { folder.remove() }
        let path = try folder.script("coach-metric-swap", name: "genuine")
        let launcher = NoFilesLauncher()
        #expect {
            try PluginInspector.inspect(
                path: path, context: PinnedExecutableTests.context(launcher))
        } throws: { error in
            guard let e = error as? PluginError else { return false }
            return e.failure == .sandboxIncomplete(missing: ["files"])
                && e.category == .permission
        }
        #expect(launcher.launched == 0)
        var context = PinnedExecutableTests.context(launcher)
        context.policy.allowUnsandboxed = true
        let inspection = try PinnedExecutableTests.retryingBusy {
            try PluginInspector.inspect(path: path, context: context)
        }
        #expect(inspection.manifest.plugin.name == "genuine" && launcher.launched >= 1)
    }

    @Test("A record the owner allowed to run unsandboxed runs there; any other is refused")
    func ownersAllowance() throws {
        let folder = try PinnedExecutableTests.Folder()
        defer { folder.remove() }
        let path = try folder.script("coach-metric-swap", name: "genuine")
        let launcher = NoFilesLauncher()
        var context = PinnedExecutableTests.context(launcher)
        context.policy.allowUnsandboxed = true
        let manifest = try PinnedExecutableTests.retryingBusy {
            try PluginInspector.inspect(path: path, context: context).manifest
        }
        context.policy.allowUnsandboxed = false
        var record = PluginRecord(
            id: "swap", path: path, sha256: try PinnedExecutable(path: path).sha256,
            manifest: manifest, granted: [])
        let before = launcher.launched
        #expect(throws: PluginFailure.sandboxIncomplete(missing: ["files"])) {
            _ = try context.start(record)
        }
        #expect(launcher.launched == before)
        record.unsandboxed = true
        let process = try PinnedExecutableTests.retryingBusy { try context.start(record) }
        process.terminate(grace: .zero)
        #expect(launcher.launched > before)
    }
}
