import Foundation
import Testing

/// An athlete user's passphrase is hers: creating one gives an enrolment code by default, a
/// coach cannot choose it (so a coach revoked later has no passphrase of hers to sign in
/// with), the owner may still set one herself, and `user list` says so until a reset.
@Suite struct AthleteUserEnrolmentCLITests {
    static let coachPass = "coach user passphrase"
    static let athletePass = "athlete user passphrase"

    func users(_ s: CoachSandbox) throws -> [String: [String: Any]] {
        let r = try s.expectOK(s.run(["user", "list", "--json", "--as", "olivia"]))
        let list = try ViewsCLITests.list(r)
        return Dictionary(
            uniqueKeysWithValues: (list ?? []).map { ($0["handle"] as? String ?? "", $0) })
    }

    @Test("A coach gets an enrolment code by default and cannot set an athlete user's passphrase")
    func coachGetsCode() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let cp = try s.addCoach(passphrase: Self.coachPass)
        let carl = ["--as", "carl", "--passphrase-file", cp]
        let ap = try s.secretFile("janeu", Self.athletePass)
        let chosen = try s.run(
            [
                "user", "add", "janeu", "--role", "athlete", "--athlete", "jane",
                "--new-passphrase-file", ap,
            ] + carl)
        #expect(chosen.status == 77 && chosen.stderr.contains("owner"), "\(chosen.stderr)")
        #expect(try s.sqlite("SELECT COUNT(*) FROM users WHERE handle = 'janeu'") == "0")
        let made = try s.expectOK(
            s.run(["user", "add", "janeu", "--role", "athlete", "--athlete", "jane"] + carl))
        #expect(made.stdout.contains("enrolment code"), "\(made.stdout)")
        let janeu = try #require(try users(s)["janeu"])
        #expect(janeu["pending"] as? Bool == true)
        #expect(janeu["passphrase_set_by_creator"] as? Bool == false)
        // carl, revoked, has no passphrase of hers: the one he would have chosen opens nothing.
        try s.expectOK(
            s.run(["access", "revoke", "--athlete", "jane", "--from", "carl", "--as", "olivia"]))
        let guess = try s.run(["whoami", "--as", "janeu", "--passphrase-file", ap])
        #expect(guess.status == 77, "\(guess.status) \(guess.stderr)")
    }

    @Test("The owner may set one, shown in user list; a reset replaces it with a code")
    func ownerSetsAndResets() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let ap = try s.secretFile("janeu", Self.athletePass)
        try s.expectOK(
            s.run([
                "user", "add", "janeu", "--role", "athlete", "--athlete", "jane",
                "--new-passphrase-file", ap, "--as", "olivia",
            ]))
        let set = try #require(try users(s)["janeu"])
        #expect(
            set["passphrase_set_by_creator"] as? Bool == true && set["pending"] as? Bool == false)
        let table = try s.expectOK(s.run(["user", "list", "--as", "olivia"])).stdout
        #expect(table.contains("passphrase set by creator"), "\(table)")
        try s.expectOK(s.run(["whoami", "--as", "janeu", "--passphrase-file", ap]))
        let reset = try s.expectOK(s.run(["user", "reset", "janeu", "--as", "olivia"]))
        #expect(reset.stdout.contains("enrolment code"), "\(reset.stdout)")
        let after = try #require(try users(s)["janeu"])
        #expect(after["pending"] as? Bool == true)
        #expect(after["passphrase_set_by_creator"] as? Bool == false)
        let old = try s.run(["whoami", "--as", "janeu", "--passphrase-file", ap])
        #expect(old.status == 77, "\(old.status) \(old.stderr)")
    }
}
