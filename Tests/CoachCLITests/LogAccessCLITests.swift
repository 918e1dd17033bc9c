import Foundation
import Testing

/// Who may log, edit and remove entries, through the binary: athlete users only for their own
/// athlete, coaches only while they hold a grant; a refusal is one line and writes nothing.
@Suite struct LogAccessCLITests {
    static let athletePass = "bert user passphrase"
    static let coachPass = "carl coach passphrase"

    /// Owner olivia; athletes jane and bert; athlete user bert-user (bert); coach carl with no grant.
    /// jane has one mood entry, whose id is returned.
    static func scene() throws -> (CoachSandbox, janeEntry: String) {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(s.run(["athlete", "add", "bert", "--name", "Bert Bauer", "--as", "olivia"]))
        let ap = try s.secretFile("bert-user", athletePass),
            cp = try s.secretFile("carl", coachPass)
        try s.expectOK(
            s.run([
                "user", "add", "bert-user", "--role", "athlete", "--athlete", "bert",
                "--new-passphrase-file", ap, "--as", "olivia",
            ]))
        try s.expectOK(
            s.run([
                "user", "add", "carl", "--role", "coach", "--new-passphrase-file", cp, "--as",
                "olivia",
            ]))
        try s.expectOK(s.run(["unlock", "--as", "bert-user", "--passphrase-file", ap]))
        try s.expectOK(s.run(["unlock", "--as", "carl", "--passphrase-file", cp]))
        let logged = try s.expectOK(
            s.run(["log", "mood", "4", "--athlete", "jane", "--as", "olivia"])
        ).stdout
        return (s, try loggedId(logged))
    }

    /// The id in "Logged … (id ID)." as the log commands print it.
    static func loggedId(_ stdout: String) throws -> String {
        let tail = try #require(
            stdout.range(of: "(id ").map { stdout[$0.upperBound...] }, "\(stdout)")
        return String(tail.prefix { $0 != ")" })
    }

    /// jane's entries as the owner sees them.
    static func janeLog(_ s: CoachSandbox) throws -> String {
        try s.expectOK(
            s.run(["log", "show", "--athlete", "jane", "--json", "--days", "30", "--as", "olivia"])
        ).stdout
    }

    static func expectRefused(
        _ s: CoachSandbox, _ args: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try janeLog(s), audit = try s.auditEntries()
        let r = try s.run(args)
        #expect(
            r.status == 66 || r.status == 77,
            "coach \(args.joined(separator: " ")): exit \(r.status) \(r.stderr)",
            sourceLocation: sourceLocation)
        #expect(
            r.errorLines.count == 1 && r.stderr.hasPrefix("coach: "), "\(r.stderr)",
            sourceLocation: sourceLocation)
        #expect(try janeLog(s) == before, "nothing changed", sourceLocation: sourceLocation)
        #expect(
            try s.auditEntries() == audit, "nothing was written", sourceLocation: sourceLocation)
    }

    /// The commands tried against jane's data; `ID` is replaced by jane's entry.
    static let writes: [[String]] = [
        ["log", "mood", "2", "--athlete", "jane"],
        ["log", "food", "--kcal", "300", "--athlete", "jane"],
        ["log", "steps", "9000", "--athlete", "jane"],
        ["log", "edit", "ID", "--mood", "1", "--athlete", "jane"],
        ["log", "remove", "ID", "--athlete", "jane"], ["log", "edit", "ID", "--mood", "1"],
        ["log", "remove", "ID"],
    ]

    @Test("An athlete user cannot log, edit or remove for another athlete", arguments: writes)
    func athleteUserRefused(command: [String]) throws {
        let (s, id) = try Self.scene()
        try Self.expectRefused(s, command.map { $0 == "ID" ? id : $0 } + ["--as", "bert-user"])
    }

    @Test(
        "A coach without a grant cannot log, edit or remove for the athlete",
        arguments: writes.filter { $0.contains("jane") })
    func coachWithoutGrantRefused(command: [String]) throws {
        let (s, id) = try Self.scene()
        try Self.expectRefused(s, command.map { $0 == "ID" ? id : $0 } + ["--as", "carl"])
    }

    @Test("An athlete user logs, edits and removes their own entries without --athlete")
    func athleteUserOwnEntries() throws {
        let (s, _) = try Self.scene()
        let logged = try s.expectOK(s.run(["log", "food", "--kcal", "420", "--as", "bert-user"]))
            .stdout
        #expect(logged.contains("for bert"))
        let id = try Self.loggedId(logged)
        let edited = try s.expectOK(
            s.run(["log", "edit", id, "--kcal", "450", "--json", "--as", "bert-user"])
        ).stdout
        #expect(edited.contains("\"kcal\" : 450"))
        try s.expectOK(s.run(["log", "remove", id, "--as", "bert-user"]))
        #expect(
            !(try s.expectOK(s.run(["log", "show", "--json", "--as", "bert-user"])).stdout.contains(
                id)))
    }

    @Test("A coach can log, edit and remove once granted, and cannot after the grant is revoked")
    func coachGrantedThenRevoked() throws {
        let (s, id) = try Self.scene()
        try Self.expectRefused(s, ["log", "mood", "3", "--athlete", "jane", "--as", "carl"])
        try s.expectOK(
            s.run(["access", "grant", "--athlete", "jane", "--to", "carl", "--as", "olivia"]))
        let cp = try s.secretFile("carl", Self.coachPass)
        try s.expectOK(s.run(["unlock", "--as", "carl", "--passphrase-file", cp]))
        let logged = try s.expectOK(
            s.run(["log", "food", "--kcal", "500", "--athlete", "jane", "--as", "carl"])
        ).stdout
        let food = try Self.loggedId(logged)
        try s.expectOK(
            s.run(["log", "edit", id, "--mood", "5", "--athlete", "jane", "--as", "carl"]))
        try s.expectOK(s.run(["log", "remove", food, "--athlete", "jane", "--as", "carl"]))
        let log = try Self.janeLog(s)
        #expect(log.contains("\"mood\" : 5") && !log.contains(food))

        try s.expectOK(
            s.run(["access", "revoke", "--athlete", "jane", "--from", "carl", "--as", "olivia"]))
        try Self.expectRefused(s, ["log", "mood", "3", "--athlete", "jane", "--as", "carl"])
        for command in [
            ["log", "mood", "3", "--athlete", "jane"],
            ["log", "edit", id, "--mood", "1", "--athlete", "jane"],
            ["log", "remove", id, "--athlete", "jane"],
        ] {
            try Self.expectRefused(s, command + ["--as", "carl", "--passphrase-file", cp])
        }
    }
}
