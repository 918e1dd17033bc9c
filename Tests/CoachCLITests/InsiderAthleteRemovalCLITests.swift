import Foundation
import Testing

/// Removing an athlete ends their own user account in the same transaction: the owner re-signs
/// the athlete user's certificate as disabled. Putting the older, active certificate back is a
/// rollback the owner refuses (exit 74).
@Suite struct InsiderAthleteRemovalCLITests {
    static let userPass = "jane user passphrase"

    @Test("An athlete user whose athlete is removed can no longer sign in")
    func removedAthleteUserDisabled() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let jp = try s.secretFile("janeu", Self.userPass)
        let janeu = ["--as", "janeu", "--passphrase-file", jp]
        try s.expectOK(
            s.run([
                "user", "add", "janeu", "--role", "athlete", "--athlete", "jane",
                "--new-passphrase-file", jp, "--as", "olivia",
            ]))
        try s.expectOK(s.run(["whoami"] + janeu))
        let before = try s.sqlite(
            "SELECT quote(status) || ',' || version || ',' || quote(signer_id) || ',' || "
                + "quote(signature) FROM certificates WHERE user_id = "
                + "(SELECT id FROM users WHERE handle = 'janeu')")
        try s.expectOK(s.run(["athlete", "remove", "jane", "--yes", "--as", "olivia"]))
        let refused = try s.run(["whoami"] + janeu)
        #expect(
            refused.status == 77 && refused.stderr.contains("disabled"),
            "\(refused.status): \(refused.stderr)")
        let users = try s.expectOK(s.run(["user", "list", "--json", "--as", "olivia"])).stdout
        #expect(users.contains("\"disabled\" : true"), "\(users)")
        // The insider puts her older, active certificate back: the owner saw the newer one.
        let old = before.split(separator: ",", maxSplits: 3)
        _ = try s.sqlite(
            "UPDATE certificates SET status = \(old[0]), version = \(old[1]), signer_id = "
                + "\(old[2]), signature = \(old[3]) WHERE user_id = "
                + "(SELECT id FROM users WHERE handle = 'janeu')")
        let owner = try s.run(["user", "list", "--as", "olivia"])
        #expect(owner.status == 74, "\(owner.status): \(owner.stderr)")
        #expect(owner.stderr.contains("janeu"), "\(owner.stderr)")
    }

    @Test("A coach cannot remove an athlete who has a user account; nothing is removed")
    func coachCannotRemoveBoundAthlete() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let jp = try s.secretFile("janeu", Self.userPass)
        try s.expectOK(
            s.run([
                "user", "add", "janeu", "--role", "athlete", "--athlete", "jane",
                "--new-passphrase-file", jp, "--as", "olivia",
            ]))
        let cp = try s.addCoach(passphrase: "carl coach passphrase")
        let r = try s.run(
            ["athlete", "remove", "jane", "--yes", "--as", "carl", "--passphrase-file", cp])
        #expect(r.status == 77 && r.stderr.contains("janeu"), "\(r.status): \(r.stderr)")
        try s.expectOK(s.run(["whoami", "--as", "janeu", "--passphrase-file", jp]))
        try s.expectOK(s.run(["athlete", "show", "jane", "--as", "olivia"]))
    }
}
