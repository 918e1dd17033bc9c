import Foundation
import Testing

/// Tampering is reported as tampering (exit 74), not as a wrong passphrase (77) or a missing
/// athlete (66) — while a real wrong passphrase and a real typo keep their codes.
@Suite struct TamperExitCodeCLITests {
    static let coachPass = "coach user passphrase"

    @Test(
        "An edited role, handle or work factor in a users row is 74 at sign-in; a wrong passphrase 77",
        arguments: ["role = 'owner'", "athlete_id = 'x'", "kdf_ops = kdf_ops - 1"])
    func editedUserRow(edit: String) throws {
        let s = try CoachSandbox()
        try s.initialise()
        let cp = try s.addCoach(passphrase: Self.coachPass)
        let wrong = try s.secretFile("wrong", "not carl's passphrase")
        let typo = try s.run(["unlock", "--as", "carl", "--passphrase-file", wrong])
        #expect(typo.status == 77, "\(typo.stderr)")
        _ = try s.sqlite("UPDATE users SET \(edit) WHERE handle = 'carl'")
        let r = try s.run(["unlock", "--as", "carl", "--passphrase-file", cp])
        #expect(
            r.status == 74 && r.stderr.contains("carl") && r.errorLines.count == 1,
            "\(edit): \(r.status) \(r.stderr)")
        let other = try s.run(["unlock", "--as", "carl", "--passphrase-file", wrong])
        #expect(other.status == 74, "\(edit), wrong passphrase: \(other.status) \(other.stderr)")
    }

    @Test("A handle index edited or swapped is 74 for the athlete's holders; a typo stays 66")
    func editedHandleIndex() throws {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(s.run(["athlete", "add", "bert", "--name", "Bert Bauer", "--as", "olivia"]))
        try s.expectOK(s.run(["athlete", "list", "--as", "olivia"]))
        let typo = try s.run(["athlete", "show", "jame", "--as", "olivia"])
        #expect(typo.status == 66, "\(typo.stderr)")
        // Swapped: asking for jane would open bert.
        _ = try s.sqlite(
            """
            CREATE TEMP TABLE t AS SELECT num, handle_tag FROM athletes;
            UPDATE athletes SET handle_tag = randomblob(16);
            UPDATE athletes SET handle_tag = (SELECT t.handle_tag FROM t WHERE t.num != athletes.num);
            """)
        let swapped = try s.run(["athlete", "show", "jane", "--as", "olivia"])
        #expect(
            swapped.status == 74 && !swapped.stdout.contains("Bert"),
            "\(swapped.status) \(swapped.stderr)")
        // Overwritten: jane's handle finds nothing, but olivia's own label knows jane.
        _ = try s.sqlite(
            "UPDATE athletes SET handle_tag = randomblob(16) WHERE num = "
                + "(SELECT num FROM athletes ORDER BY num LIMIT 1)")
        let lost = try s.run(["athlete", "show", "jane", "--as", "olivia"])
        #expect(lost.status == 74 && lost.stderr.contains("jane"), "\(lost.status) \(lost.stderr)")
    }
}
