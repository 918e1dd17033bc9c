import Foundation
import Testing

/// Bad input: each case is one line on stderr with the documented exit code, and changes nothing.
@Suite struct BadInputCLITests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let args: [String]
        let status: Int32
        let message: String
        var env: [String: String] = [:]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "unknown athlete", args: ["athlete", "show", "nobody"], status: 66,
            message: "no athlete 'nobody'"),
        Case(
            name: "duplicate athlete handle",
            args: ["athlete", "add", "jane", "--name", "Jane Two"], status: 73,
            message: "already taken"),
        Case(
            name: "duplicate user handle",
            args: ["user", "add", "olivia", "--role", "coach", "--new-passphrase-file", "@new"],
            status: 73, message: "already taken"),
        Case(
            name: "malformed birth date",
            args: ["athlete", "edit", "jane", "--birth-date", "2026-02-30"], status: 65,
            message: "'2026-02-30' is not a day"),
        Case(
            name: "malformed duration",
            args: ["unlock", "--as", "olivia", "--passphrase-file", "@owner", "--ttl", "5x"],
            status: 65,
            message: "'5x' is not a duration"),
        Case(
            name: "session longer than 24h",
            args: ["unlock", "--as", "olivia", "--passphrase-file", "@owner", "--ttl", "25h"],
            status: 64, message: "--ttl"),
        Case(
            name: "malformed quantity", args: ["athlete", "edit", "jane", "--weight", "61stone"],
            status: 65,
            message: "'61stone' is not a valid quantity"),
        Case(
            name: "out-of-range value", args: ["athlete", "edit", "jane", "--max-hr", "400"],
            status: 65, message: "max HR is out of range"),
        Case(
            name: "unknown sport", args: ["athlete", "edit", "jane", "--sport", "curling"],
            status: 65, message: "valid: cycling"),
        Case(
            name: "invalid handle", args: ["athlete", "add", "Bad Handle", "--name", "X"],
            status: 64, message: "not a valid handle"),
        Case(
            name: "invalid role",
            args: ["user", "add", "zed", "--role", "admin", "--new-passphrase-file", "@new"],
            status: 64,
            message: "--role must be coach or athlete"),
        Case(
            name: "wrong passphrase",
            args: ["athlete", "list", "--as", "olivia", "--passphrase-file", "@wrong"], status: 77,
            message: "wrong user handle or passphrase"),
        Case(
            name: "unknown user",
            args: ["athlete", "list", "--as", "nobody", "--passphrase-file", "@wrong"], status: 77,
            message: "wrong user handle or passphrase"),
        Case(
            name: "missing passphrase file",
            args: ["athlete", "list", "--as", "olivia", "--passphrase-file", "/nonexistent/p"],
            status: 66, message: "cannot read the passphrase file"),
        Case(
            name: "malformed COACH_NOW", args: ["athlete", "list"], status: 64,
            message: "COACH_NOW", env: ["COACH_NOW": "tuesday"]),
        Case(
            name: "missing workspace", args: ["athlete", "list", "--workspace", "@missing"],
            status: 66, message: "no workspace at"),
    ]

    @Test("Bad input is one line with the right exit code and nothing changes", arguments: cases)
    func badInput(c: Case) throws {
        let s = try CoachSandbox()
        try s.initialise()
        let files = [
            "@owner": try s.secretFile("owner", CoachSandbox.ownerPass),
            "@wrong": try s.secretFile("wrong", "not the right passphrase"),
            "@new": try s.secretFile("new", "a new user passphrase"),
            "@missing": s.root + "/nothing/here.sqlite",
        ]
        let args =
            c.args.map { files[$0] ?? $0 }
            + (c.args.contains("--as") || c.args.first == "unlock" ? [] : ["--as", "olivia"])
        let before = try s.auditEntries()
        let profile = try s.expectOK(
            s.run(["athlete", "show", "jane", "--json", "--as", "olivia"])
        ).stdout
        let r = try s.run(args, env: c.env)
        #expect(r.status == c.status, "\(c.name): exit \(r.status), stderr: \(r.stderr)")
        #expect(!r.crashed)
        #expect(r.errorLines.count == 1, "exactly one line: \(r.stderr)")
        #expect(r.stderr.hasPrefix("coach: ") || r.stderr.hasPrefix("Error: "), "\(r.stderr)")
        #expect(r.stderr.contains(c.message), "\(c.name): \(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(try s.auditEntries() == before, "nothing was written")
        #expect(
            try s.expectOK(s.run(["athlete", "show", "jane", "--json", "--as", "olivia"])).stdout
                == profile)
        #expect(!FileManager.default.fileExists(atPath: s.root + "/nothing"))
    }

    @Test(
        "An expired session (the system clock past its end) fails with 77 and its token file is removed"
    )
    func expiredSession() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let tokens = try FileManager.default.contentsOfDirectory(atPath: s.runtimeDir + "/coach")
        #expect(tokens.count == 1)
        let r = try s.run(["athlete", "list"], systemClockAhead: 2 * 3600)
        #expect(r.status == 77 && r.stderr.contains("expired"), "\(r.stderr)")
        #expect(r.errorLines.count == 1)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: s.runtimeDir + "/coach").isEmpty)
        #expect(try s.sqlite("SELECT COUNT(*) FROM sessions") == "0")
        let again = try s.run(["athlete", "list"])
        #expect(
            again.status == 77 && again.stderr.contains("no unlocked session"), "\(again.stderr)")
    }

    @Test("lock ends the session: the row and the token file are gone")
    func lock() throws {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(s.run(["lock"]))
        #expect(try s.sqlite("SELECT COUNT(*) FROM sessions") == "0")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: s.runtimeDir + "/coach").isEmpty)
        #expect(try s.run(["whoami"]).status == 77)
    }
}
