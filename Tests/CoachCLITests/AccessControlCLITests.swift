import Foundation
import Testing

/// Promise 2 end to end: athlete users reach only themselves, a revoked coach loses access and their
/// session, the owner keeps everything; refusals are one clear line and write nothing.
@Suite struct AccessControlCLITests {
    static let athletePass = "athlete user passphrase"
    static let coachPass = "coach user passphrase"

    static func scene() throws -> CoachSandbox {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(s.run(["athlete", "add", "bert", "--name", "Bert Bauer", "--as", "olivia"]))
        try s.expectOK(
            s.run(["athlete", "note", "jane", "--goals", "jane-private-goal", "--as", "olivia"]))
        let ap = try s.secretFile("bert-user", athletePass)
        try s.expectOK(
            s.run([
                "user", "add", "bert-user", "--role", "athlete", "--athlete", "bert",
                "--new-passphrase-file", ap, "--as", "olivia",
            ]))
        try s.expectOK(s.run(["unlock", "--as", "bert-user", "--passphrase-file", ap]))
        return s
    }

    @Test(
        "An athlete user cannot show, edit, note or list another athlete",
        arguments: [
            ["athlete", "show", "jane"], ["athlete", "edit", "jane", "--weight", "70kg"],
            ["athlete", "note", "jane", "--goals", "hijack"],
            ["athlete", "remove", "jane", "--yes"],
            ["access", "grant", "--athlete", "jane", "--to", "bert-user"],
            ["audit", "--athlete", "jane"],
        ])
    func athleteUserRefused(command: [String]) throws {
        let s = try Self.scene()
        let before = try s.auditEntries()
        let r = try s.run(command + ["--as", "bert-user"])
        #expect(r.status == 66 || r.status == 77, "exit \(r.status): \(r.stderr)")
        #expect(!r.crashed)
        #expect(
            r.errorLines.count == 1 && r.stderr.hasPrefix("coach: "), "one clear line: \(r.stderr)")
        #expect(!r.stdout.contains("jane-private-goal") && !r.stderr.contains("jane-private-goal"))
        #expect(try s.auditEntries() == before, "nothing was written")
        let show = try s.expectOK(s.run(["athlete", "show", "jane", "--json", "--as", "olivia"]))
        #expect(show.stdout.contains("jane-private-goal") && !show.stdout.contains("hijack"))
    }

    @Test("An athlete user's list shows only themselves; their own profile is readable")
    func athleteUserSeesSelf() throws {
        let s = try Self.scene()
        let list = try s.expectOK(s.run(["athlete", "list", "--json", "--as", "bert-user"]))
        #expect(list.stdout.contains("\"bert\"") && !list.stdout.contains("jane"))
        let own = try s.expectOK(s.run(["athlete", "show", "--json", "--as", "bert-user"]))
        #expect(own.stdout.contains("Bert Bauer"))
    }

    @Test("A revoked coach loses access and has no live session; the owner keeps access")
    func revokedCoach() throws {
        let s = try Self.scene()
        let cp = try s.addCoach(passphrase: Self.coachPass)
        try s.expectOK(s.run(["unlock", "--as", "carl", "--passphrase-file", cp]))
        #expect(
            try s.expectOK(s.run(["athlete", "show", "jane", "--json", "--as", "carl"])).stdout
                .contains("jane-private-goal"))
        try s.expectOK(
            s.run(["access", "revoke", "--athlete", "jane", "--from", "carl", "--as", "olivia"]))
        let show = try s.run(["athlete", "show", "jane", "--as", "carl"])
        #expect(show.status == 77, "the session was ended: \(show.stderr)")
        #expect(show.errorLines.count == 1)
        let carlId = try s.sqlite("SELECT id FROM users WHERE handle = 'carl'")
        #expect(try s.sqlite("SELECT COUNT(*) FROM sessions WHERE user_id = '\(carlId)'") == "0")
        // Even with the passphrase, carl no longer holds jane.
        let again = try s.run(["athlete", "show", "jane", "--as", "carl", "--passphrase-file", cp])
        #expect(again.status == 66 && again.stderr.contains("no athlete 'jane'"))
        #expect(
            try s.expectOK(
                s.run(["athlete", "list", "--json", "--as", "carl", "--passphrase-file", cp])
            ).stdout.contains("["))
        #expect(
            try s.expectOK(s.run(["athlete", "show", "jane", "--json", "--as", "olivia"])).stdout
                .contains("jane-private-goal"))
        let access = try s.expectOK(
            s.run(["access", "list", "--athlete", "jane", "--json", "--as", "olivia"]))
        #expect(!access.stdout.contains("carl") && access.stdout.contains("\"epoch\" : 2"))
    }
}
