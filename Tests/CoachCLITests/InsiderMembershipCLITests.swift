import Foundation
import Testing

/// An insider who can write the file edits membership columns (role, public key, disabled flag)
/// or puts back an older certificate; coach reads membership only from owner-signed
/// certificates, so each edit is refused (exit 74) or yields nothing, and `doctor` names it.
@Suite struct InsiderMembershipCLITests {
    static let coachPass = "coach user passphrase"
    static let athletePass = "athlete user passphrase"

    /// olivia (owner) with jane and bert; coaches carl (holds jane) and dave; athlete user bert-u.
    static func scene() throws -> CoachSandbox {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(s.run(["athlete", "add", "bert", "--name", "Bert Bauer", "--as", "olivia"]))
        let cp = try s.secretFile("coach", coachPass)
        for coach in ["carl", "dave"] {
            try s.expectOK(
                s.run([
                    "user", "add", coach, "--role", "coach", "--new-passphrase-file", cp, "--as",
                    "olivia",
                ]))
        }
        try s.expectOK(
            s.run(["access", "grant", "--athlete", "jane", "--to", "carl", "--as", "olivia"]))
        let ap = try s.secretFile("athlete", athletePass)
        try s.expectOK(
            s.run([
                "user", "add", "bert-u", "--role", "athlete", "--athlete", "bert",
                "--new-passphrase-file", ap, "--as", "olivia",
            ]))
        try s.expectOK(s.run(["unlock", "--as", "bert-u", "--passphrase-file", ap]))
        return s
    }

    func userId(_ s: CoachSandbox, _ handle: String) throws -> String {
        try s.sqlite("SELECT id FROM users WHERE handle = '\(handle)'")
    }

    /// The owner's doctor fails and names `handle` among the certificates that do not verify.
    func expectDoctorNames(_ s: CoachSandbox, _ handle: String) throws {
        let doctor = try s.run(["doctor", "--as", "olivia"])
        #expect(doctor.status == 74, "\(doctor.stdout) \(doctor.stderr)")
        #expect(
            doctor.stdout.contains("membership") && doctor.stdout.contains("'\(handle)'"),
            "\(doctor.stdout)")
    }

    @Test("An athlete user who makes herself owner harvests no new athlete's key")
    func athleteRaisesOwnRole() throws {
        let s = try Self.scene()
        let bertU = try userId(s, "bert-u")
        _ = try s.sqlite("UPDATE users SET role = 'owner' WHERE id = '\(bertU)'")
        try s.expectOK(
            s.run(["athlete", "add", "newbie", "--name", "New Athlete", "--as", "olivia"]))
        let harvested = try s.sqlite(
            "SELECT COUNT(*) FROM grants g JOIN athletes a ON a.id = g.athlete_id "
                + "WHERE g.user_id = '\(bertU)' AND g.athlete_id != "
                + "(SELECT athlete_id FROM users WHERE id = '\(bertU)')")
        #expect(harvested == "0", "the new athlete's key went to the self-made owner")
        let list = try s.run(["athlete", "list", "--as", "bert-u"])
        #expect(list.status == 74, "\(list.stderr)")
        #expect(!list.stdout.contains("newbie"))
        try expectDoctorNames(s, "bert-u")
    }

    @Test("A resumed session does not honour a role edited in the file")
    func resumedSessionEditedRole() throws {
        let s = try Self.scene()
        _ = try s.sqlite("UPDATE users SET role = 'coach' WHERE handle = 'bert-u'")
        let add = try s.run(["athlete", "add", "evil", "--name", "Evil Twin", "--as", "bert-u"])
        #expect(add.status == 74, "a resumed session acted on the edited role: \(add.stderr)")
        #expect(add.stderr.contains("bert-u"))
        let grant = try s.run(
            ["access", "grant", "--athlete", "bert", "--to", "carl", "--as", "bert-u"])
        #expect(grant.status == 74, "\(grant.stderr)")
    }

    @Test("A grantee's public key swapped in the file does not redirect the next grant")
    func swappedGranteeKey() throws {
        let s = try Self.scene()
        let dave = try userId(s, "dave")
        _ = try s.sqlite(
            "UPDATE users SET box_pk = (SELECT box_pk FROM users WHERE handle = 'carl') "
                + "WHERE id = '\(dave)'")
        let grant = try s.run(
            ["access", "grant", "--athlete", "bert", "--to", "dave", "--as", "olivia"])
        #expect(grant.status == 74, "a grant was sealed to the swapped key: \(grant.stderr)")
        #expect(grant.stderr.contains("dave"))
        #expect(try s.sqlite("SELECT COUNT(*) FROM grants WHERE user_id = '\(dave)'") == "0")
        try expectDoctorNames(s, "dave")
    }

    @Test(
        "A disabled coach who flips the flag back, or restores his old certificate, reads nothing new"
    )
    func disabledFlagFlipped() throws {
        let s = try Self.scene()
        let carl = try userId(s, "carl")
        let cp = try s.secretFile("coach", Self.coachPass)
        // carl's copy of his certificate while it was active.
        let oldCert = try s.sqlite(
            "SELECT status, version, signer_id, hex(signature) FROM certificates "
                + "WHERE user_id = '\(carl)'"
        ).split(separator: "|").map(String.init)
        try #require(oldCert.count == 4)
        try s.expectOK(s.run(["user", "disable", "carl", "--yes", "--as", "olivia"]))
        try s.expectOK(
            s.run(["athlete", "note", "jane", "--goals", "after-disable-secret", "--as", "olivia"]))
        _ = try s.sqlite("UPDATE users SET disabled = 0 WHERE id = '\(carl)'")
        let flipped = try s.run(
            ["athlete", "show", "jane", "--json", "--as", "carl", "--passphrase-file", cp])
        #expect(flipped.status != 0, "the flipped flag let carl in: \(flipped.stdout)")
        #expect(!flipped.stdout.contains("after-disable-secret"))
        _ = try s.sqlite(
            "UPDATE certificates SET status = '\(oldCert[0])', version = \(oldCert[1]), "
                + "signer_id = '\(oldCert[2])', signature = X'\(oldCert[3])' "
                + "WHERE user_id = '\(carl)'")
        let restored = try s.run(
            ["athlete", "show", "jane", "--json", "--as", "carl", "--passphrase-file", cp])
        #expect(restored.status != 0, "the old certificate let carl read: \(restored.stdout)")
        #expect(!restored.stdout.contains("after-disable-secret"))
        // The owner, who signed the newer certificate, sees the rollback.
        try expectDoctorNames(s, "carl")
        let users = try s.run(["user", "list", "--as", "olivia"])
        #expect(users.status == 74 && users.stderr.contains("carl"), "\(users.stderr)")
    }
}
