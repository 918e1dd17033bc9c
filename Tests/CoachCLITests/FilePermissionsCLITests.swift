import Foundation
import Testing

/// SECURITY.md test 11: under umask 022 the workspace is 0600 and the runtime folder 0700; symlinked,
/// world-writable or non-SQLite workspaces are refused with one line.
@Suite struct FilePermissionsCLITests {
    @Test("Under umask 022 the workspace, its folder, the runtime folder and the token are private")
    func modes() throws {
        let s = try CoachSandbox()
        let nested = s.root + "/data/deep/workspace.sqlite"
        let pass = try s.secretFile("owner", CoachSandbox.ownerPass)
        try s.expectOK(
            s.run(
                [
                    "init", "--owner", "olivia", "--kdf", "interactive", "--new-passphrase-file",
                    pass,
                ], env: ["COACH_WORKSPACE": nested], umask: "022"))
        try s.expectOK(
            s.run(
                ["unlock", "--as", "olivia", "--passphrase-file", pass],
                env: ["COACH_WORKSPACE": nested], umask: "022"))
        try s.expectOK(
            s.run(
                ["athlete", "add", "jane", "--name", "J"], env: ["COACH_WORKSPACE": nested],
                umask: "022"))
        #expect(CoachSandbox.mode(nested) == 0o600)
        #expect(
            CoachSandbox.mode(s.root + "/data/deep") == 0o700
                && CoachSandbox.mode(s.root + "/data") == 0o700)
        #expect(CoachSandbox.mode(s.runtimeDir + "/coach") == 0o700)
        for token in try FileManager.default.contentsOfDirectory(atPath: s.runtimeDir + "/coach") {
            #expect(CoachSandbox.mode(s.runtimeDir + "/coach/" + token) == 0o600)
        }
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: nested + suffix)
        {
            #expect(CoachSandbox.mode(nested + suffix) == 0o600, "\(suffix)")
        }
        let backup = s.root + "/backup.sqlite"
        try s.expectOK(
            s.run(["backup", "--out", backup], env: ["COACH_WORKSPACE": nested], umask: "000"))
        #expect(CoachSandbox.mode(backup) == 0o600)
    }

    enum Unsafe: String, CaseIterable, Sendable {
        case symlink, worldWritable, groupWritable, worldWritableFolder, notSQLite, directory
    }

    @Test("Unsafe workspaces are refused with one line", arguments: Unsafe.allCases)
    func refused(kind: Unsafe) throws {
        let s = try CoachSandbox()
        try s.initialise()
        var target = s.workspace
        var expected: Int32 = 64
        switch kind {
        case .symlink:
            target = s.root + "/link.sqlite"
            try FileManager.default.createSymbolicLink(
                atPath: target, withDestinationPath: s.workspace)
        case .worldWritable: chmod(s.workspace, 0o666)
        case .groupWritable: chmod(s.workspace, 0o620)
        case .worldWritableFolder: chmod(s.root + "/ws", 0o777)
        case .notSQLite:
            target = s.root + "/random.sqlite"
            _ = FileManager.default.createFile(
                atPath: target, contents: Data((0..<4096).map { _ in UInt8.random(in: 0...255) }),
                attributes: [.posixPermissions: 0o600])
            expected = 74
        case .directory:
            target = s.root + "/home"
            expected = 74
        }
        let r = try s.run(["athlete", "list", "--workspace", target, "--as", "olivia"])
        #expect(r.status == expected, "\(kind): \(r.status) \(r.stderr)")
        #expect(!r.crashed && r.errorLines.count == 1 && r.stdout.isEmpty, "\(r.stderr)")
        if kind == .symlink { #expect(r.stderr.contains("symbolic link")) }
        if kind == .worldWritable || kind == .groupWritable {
            #expect(r.stderr.contains("others can write"))
            // An explicit flag accepts it.
            try s.expectOK(
                s.run([
                    "athlete", "list", "--workspace", target, "--as", "olivia", "--allow-shared",
                ]))
        }
        if kind == .notSQLite { #expect(r.stderr.contains("not a coach workspace")) }
    }
}
