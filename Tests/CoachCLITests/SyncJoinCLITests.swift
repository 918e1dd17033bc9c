import Foundation
import Testing

/// `coach sync join` through the binary where no server answers: what cannot be a join is
/// refused at the edge with one line (exit 64), a file already at the target is never
/// replaced, and an unreachable server leaves nothing behind. The joins themselves run in
/// process (`SyncJoinTests`) and against the real server (`Tests/e2e/sync-join.sh`).
@Suite struct SyncJoinCLITests {
    static let code = "ABCD-EFGH-IJKL-MNOP-QRST-UVWX"
    static let server = ["--server", "http://127.0.0.1:9"]

    /// The arguments of a join of jane to workspace `w-1` with the code and passphrase files.
    static func join(_ s: CoachSandbox, code: String = Self.code, id: String = "w-1")
        throws -> [String]
    {
        [
            "sync", "join", "--workspace-id", id, "--as", "jane", "--code-file",
            try s.secretFile("code", code), "--passphrase-file",
            try s.secretFile("pass", "jane's passphrase for the join"),
        ] + server
    }

    @Test(
        "No --as, a bad workspace id, a mistyped code, two secrets on stdin: exit 64, no file",
        arguments: [
            ("no-as", "name the joining user with --as HANDLE"),
            ("bad-id", "is not a workspace id"),
            ("bad-code", "that is not an invitation code"),
            ("two-stdin", "cannot both read stdin"),
        ])
    func refusedAtTheEdge(_ label: String, _ message: String) throws {
        let s = try CoachSandbox()
        var args = try Self.join(s)
        switch label {
        case "no-as": args.removeSubrange(4...5)
        case "bad-id": args = try Self.join(s, id: "../Not An Id")
        case "bad-code": args = try Self.join(s, code: "not-a-code")
        default:
            args[args.firstIndex(of: "--code-file")! + 1] = "-"
            args[args.firstIndex(of: "--passphrase-file")! + 1] = "-"
        }
        let r = try s.run(args)
        #expect(r.status == 64, "\(label): \(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.errorLines.count == 1, "\(r.stderr)")
        #expect(r.stdout.isEmpty, "\(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: s.workspace))
    }

    @Test("A workspace already at the target is refused and left as it was")
    func fileExists() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let before = try Data(contentsOf: URL(fileURLWithPath: s.workspace))
        let r = try s.run(try Self.join(s))
        #expect(r.status != 0)
        #expect(r.stderr.contains("already"), "\(r.stderr)")
        #expect(r.errorLines.count == 1, "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: s.workspace)) == before)
    }

    @Test("An unreachable server: exit 73 in one line, and no file or device key is left")
    func unreachable() throws {
        let s = try CoachSandbox()
        let r = try s.run(try Self.join(s))
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("could not be reached"), "\(r.stderr)")
        let folder = (s.workspace as NSString).deletingLastPathComponent
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        #expect(left.isEmpty, "\(left)")
        let devices = s.stateDir + "/coach/devices"
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: devices)) ?? []).isEmpty)
    }
}
