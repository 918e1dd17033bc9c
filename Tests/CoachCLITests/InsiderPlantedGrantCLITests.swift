import Foundation
import Testing

/// An insider (the coach dave, or bert's athlete user) inserts one junk `grants` row for
/// himself on jane, whom he does not hold. The owner's next routine action on jane — revoking
/// someone else, disabling a holder, resetting the insider's own passphrase — must not seal
/// jane's new key to him; the planted row is tampering (exit 74) wherever it is met, listings
/// and checks included.
@Suite struct InsiderPlantedGrantCLITests {
    static let coachPass = "coach user passphrase"
    static let athletePass = "athlete user passphrase"

    /// olivia (owner) with jane and bert; carl holds jane, dave holds nothing; bert-u is bert's
    /// athlete user.
    static func scene() throws -> CoachSandbox {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(s.run(["athlete", "add", "bert", "--name", "Bert Bauer", "--as", "olivia"]))
        try s.addCoach(passphrase: coachPass)
        let cp = try s.secretFile("dave", coachPass)
        try s.expectOK(
            s.run([
                "user", "add", "dave", "--role", "coach", "--new-passphrase-file", cp, "--as",
                "olivia",
            ]))
        let ap = try s.secretFile("bertu", athletePass)
        try s.expectOK(
            s.run([
                "user", "add", "bert-u", "--role", "athlete", "--athlete", "bert",
                "--new-passphrase-file", ap, "--as", "olivia",
            ]))
        return s
    }

    /// Plants a junk grant of jane's newest epoch for `handle`, "granted" by the owner, its
    /// sealed key all zeros (so a real grant sealed to him later is told apart).
    static func plant(_ s: CoachSandbox, for handle: String) throws {
        _ = try s.sqlite(
            """
            INSERT INTO grants (athlete_id, epoch, user_id, sealed, granted_by, signature)
            SELECT g.athlete_id, g.epoch, (SELECT id FROM users WHERE handle = '\(handle)'),
                   zeroblob(120), g.granted_by, randomblob(64)
            FROM grants g WHERE g.user_id = (SELECT id FROM users WHERE handle = 'carl');
            """)
        let planted = try s.sqlite(
            "SELECT COUNT(*) FROM grants WHERE user_id = "
                + "(SELECT id FROM users WHERE handle = '\(handle)')")
        #expect(planted == (handle == "bert-u" ? "2" : "1"), "the row was not planted")
    }

    /// Jane's id (read while carl still holds her).
    static func janeId(_ s: CoachSandbox) throws -> String {
        try s.sqlite(
            "SELECT athlete_id FROM grants WHERE user_id = "
                + "(SELECT id FROM users WHERE handle = 'carl')")
    }

    /// Jane's epochs, and the grants of jane `handle` holds other than the planted junk.
    static func janeKeys(_ s: CoachSandbox, jane: String, _ handle: String) throws
        -> (epochs: String, his: String)
    {
        (
            try s.sqlite("SELECT COUNT(*) FROM epochs WHERE athlete_id = '\(jane)'"),
            try s.sqlite(
                "SELECT COUNT(*) FROM grants WHERE athlete_id = '\(jane)' AND user_id = "
                    + "(SELECT id FROM users WHERE handle = '\(handle)') AND sealed != zeroblob(120)"
            )
        )
    }

    @Test("A planted grant row is tampering in access list, doctor and audit verify")
    func listingsRefuse() throws {
        let s = try Self.scene()
        try Self.plant(s, for: "dave")
        let list = try s.run(["access", "list", "--athlete", "jane", "--as", "olivia"])
        #expect(list.status == 74 && list.stderr.contains("jane"), "\(list.status): \(list.stderr)")
        #expect(!list.stdout.contains("dave"), "the planted row was listed: \(list.stdout)")
        let all = try s.run(["access", "list", "--as", "olivia"])
        #expect(all.status == 74, "\(all.status): \(all.stdout)")
        let doctor = try s.run(["doctor", "--as", "olivia"])
        #expect(doctor.status == 74, "\(doctor.stdout)")
        #expect(doctor.stdout.contains("FAIL  grants"), "\(doctor.stdout)")
        let audit = try s.run(["audit", "verify", "--as", "olivia"])
        #expect(
            audit.status == 74 && audit.errorLines.count == 1, "\(audit.status): \(audit.stderr)")
        // bert's access is untouched and lists as before.
        let bert = try s.expectOK(s.run(["access", "list", "--athlete", "bert", "--as", "olivia"]))
        #expect(bert.stdout.contains("bert-u"))
    }

    /// The owner's routine actions on jane that rotate or re-grant her key, each with the
    /// insider who planted the row.
    static let actions: [(insider: String, args: [String])] = [
        ("dave", ["access", "revoke", "--athlete", "jane", "--from", "carl"]),
        ("dave", ["user", "disable", "carl", "--yes"]),
        ("dave", ["user", "reset", "dave"]),
        ("bert-u", ["access", "revoke", "--athlete", "jane", "--from", "carl"]),
        ("bert-u", ["user", "reset", "bert-u"]),
    ]

    @Test(
        "The owner's revoke, disable or reset after a planted row refuses and seals nothing to the insider",
        arguments: actions.indices)
    func rotationRefuses(index: Int) throws {
        let (insider, args) = Self.actions[index]
        let s = try Self.scene()
        try Self.plant(s, for: insider)
        let jane = try Self.janeId(s)
        let before = try Self.janeKeys(s, jane: jane, insider)
        let r = try s.run(args + ["--as", "olivia"])
        #expect(
            r.status == 74, "coach \(args.joined(separator: " ")) gave \(r.status): \(r.stderr)")
        #expect(r.errorLines.count == 1 && r.stderr.contains("jane"), "\(r.stderr)")
        let after = try Self.janeKeys(s, jane: jane, insider)
        #expect(after.epochs == before.epochs, "a new epoch of jane was made")
        #expect(after.his == "0", "jane's key was sealed to \(insider)")
        // The insider, signed in with his own passphrase, still reads nothing of jane.
        let pass = try s.secretFile(
            "insider", insider == "dave" ? Self.coachPass : Self.athletePass)
        let read = try s.run(
            ["athlete", "show", "jane", "--json", "--as", insider, "--passphrase-file", pass])
        #expect(read.status != 0 && !read.stdout.contains("Jane Doe"), "\(read.stdout)")
    }
}
