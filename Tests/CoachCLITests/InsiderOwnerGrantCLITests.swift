import Foundation
import Testing

/// An insider deletes the owner's grant of jane, or jane's key history, to hide jane from
/// her and so keep his own access past any revocation. The owner holds every athlete: each of
/// her listings, her revoke and disable, and her doctor report tampering (exit 74), never a
/// shorter list, "not found" or "no access".
@Suite struct InsiderOwnerGrantCLITests {
    static let coachPass = "coach user passphrase"

    /// What the insider deletes with sqlite3 (foreign keys off, as the shell has them).
    static let attacks: [(name: String, sql: String)] = [
        (
            "the owner's grant row of jane deleted",
            """
            DELETE FROM grants WHERE user_id = (SELECT id FROM users WHERE handle = 'olivia')
            AND athlete_id = (SELECT athlete_id FROM grants
                WHERE user_id = (SELECT id FROM users WHERE handle = 'carl'));
            """
        ),
        (
            "jane's epoch chain deleted",
            """
            DELETE FROM epochs WHERE athlete_id = (SELECT athlete_id FROM grants
                WHERE user_id = (SELECT id FROM users WHERE handle = 'carl'));
            """
        ),
    ]

    /// The owner olivia with jane and bert; the coach carl holds jane and is the insider.
    static func scene() throws -> CoachSandbox {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(s.run(["athlete", "add", "bert", "--name", "Bert Bauer", "--as", "olivia"]))
        try s.addCoach(passphrase: coachPass)
        let list = try s.expectOK(s.run(["athlete", "list", "--as", "olivia"]))
        #expect(list.stdout.contains("jane") && list.stdout.contains("bert"))
        return s
    }

    @Test(
        "The owner's athlete list, team, revoke, disable and doctor exit 74 after her grant or the key history goes",
        arguments: attacks.indices)
    func ownerRefuses(attack: Int) throws {
        let s = try Self.scene()
        let (name, sql) = Self.attacks[attack]
        _ = try s.sqlite(sql)
        for args in [
            ["athlete", "list"], ["team"],
            ["access", "revoke", "--athlete", "jane", "--from", "carl"],
            ["user", "disable", "carl", "--yes"], ["access", "list"],
        ] {
            let r = try s.run(args + ["--as", "olivia"])
            #expect(
                r.status == 74 && r.errorLines.count == 1,
                "\(name): coach \(args.joined(separator: " ")) gave \(r.status): \(r.stderr)")
        }
        let doctor = try s.run(["doctor", "--as", "olivia"])
        #expect(doctor.status == 74, "\(name): \(doctor.stdout)")
        #expect(doctor.stdout.contains("FAIL  grants"), "\(name): \(doctor.stdout)")
        // carl was neither revoked nor disabled: nothing was half-done.
        #expect(
            try s.sqlite(
                "SELECT status FROM certificates WHERE user_id = "
                    + "(SELECT id FROM users WHERE handle = 'carl')") == "active")
    }

    @Test("An athlete row and the owner's grant deleted while the keys stay: 74 to the owner")
    func athleteRowDeleted() throws {
        let s = try Self.scene()
        // Only the owner's sealed state still knows jane: her row and the owner's grant go,
        // while carl's grant and jane's key history stay for carl to read on.
        _ = try s.sqlite(
            """
            CREATE TEMP TABLE j AS SELECT athlete_id AS id FROM grants
                WHERE user_id = (SELECT id FROM users WHERE handle = 'carl');
            DELETE FROM athletes WHERE id = (SELECT id FROM j);
            DELETE FROM grants WHERE athlete_id = (SELECT id FROM j)
                AND user_id = (SELECT id FROM users WHERE handle = 'olivia');
            """)
        for args in [["athlete", "list"], ["team"], ["doctor"]] {
            let r = try s.run(args + ["--as", "olivia"])
            #expect(
                r.status == 74, "coach \(args.joined(separator: " ")) gave \(r.status): \(r.stderr)"
            )
        }
    }

    @Test("An athlete removed the ordinary way simply leaves the owner's list")
    func removedAthleteLeaves() throws {
        let s = try Self.scene()
        try s.expectOK(s.run(["athlete", "remove", "jane", "--yes", "--as", "olivia"]))
        let list = try s.expectOK(s.run(["athlete", "list", "--as", "olivia"]))
        #expect(!list.stdout.contains("jane") && list.stdout.contains("bert"))
        try s.expectOK(s.run(["doctor", "--as", "olivia"]))
    }
}
