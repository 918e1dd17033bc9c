import Foundation
import Testing

/// A coach who creates an athlete user no longer chooses her passphrase or her keys: he gets a
/// one-time code, she redeems it on her terminal (passphrase typed twice) and gets keys he never
/// saw. Putting back the row he kept from before she enrolled gives him nothing after his
/// revocation; a used code opens nothing; the owner's reset gives her a new code.
@Suite struct InsiderEnrolmentCLITests {
    static let coachPass = "coach user passphrase"
    static let janePass = "jane chose this passphrase"
    static let keyColumns = [
        "box_pk", "sign_pk", "kdf_alg", "kdf_ops", "kdf_mem", "kdf_salt", "key_nonce",
        "key_ciphertext", "index_key_sealed",
    ]

    /// jane's athlete user as carl created her, with her code; carl keeps her row.
    static func scene() throws -> (CoachSandbox, code: String, keptRow: String) {
        let s = try CoachSandbox()
        try s.initialise()
        let cp = try s.secretFile("carl", coachPass)
        try s.expectOK(
            s.run(["user", "add", "carl", "--role", "coach", "--new-passphrase-file", cp]))
        try s.expectOK(s.run(["access", "grant", "--athlete", "jane", "--to", "carl"]))
        let made = try s.expectOK(
            s.run([
                "user", "add", "janeu", "--role", "athlete", "--athlete", "jane",
                "--enrolment-code", "--json", "--as", "carl", "--passphrase-file", cp,
            ]))
        let object = try JSONSerialization.jsonObject(with: Data(made.stdout.utf8))
        let code = try #require((object as? [String: Any])?["enrolment_code"] as? String)
        let kept = try s.sqlite(
            "SELECT " + keyColumns.map { "quote(\($0))" }.joined(separator: " || ',' || ")
                + " FROM users WHERE handle = 'janeu'")
        return (s, code, kept)
    }

    /// Redeems `code` on a pseudo-terminal, typing the passphrase twice.
    static func enrolOnTerminal(_ s: CoachSandbox, code: String) throws -> PtySteps.Outcome {
        try PtySteps(sandbox: s).run(
            "coach user enrol janeu",
            answers: [
                ["Enrolment code for janeu:", code.lowercased()],
                ["[Nn]ew passphrase for janeu:", janePass],
            ])
    }

    @Test("Enrolment through a terminal: the athlete chooses her passphrase, the code works once")
    func enrolOnce() throws {
        let (s, code, _) = try Self.scene()
        let pending = try s.run([
            "athlete", "show", "jane", "--as", "janeu", "--passphrase-file",
            try s.secretFile("code", code),
        ])
        #expect(pending.status == 77 && pending.stderr.contains("coach user enrol janeu"))
        let enrol = try Self.enrolOnTerminal(s, code: code)
        #expect(enrol.status == 0 && enrol.output.contains("Enrolled 'janeu'"), "\(enrol.output)")
        #expect(!enrol.output.contains(Self.janePass))
        let jp = try s.secretFile("jane", Self.janePass)
        try s.expectOK(
            s.run(["athlete", "show", "jane", "--as", "janeu", "--passphrase-file", jp]))
        let again = try Self.enrolOnTerminal(s, code: code)
        #expect(again.status == 77, "a used code enrolled again: \(again.output)")
        try s.expectOK(s.run(["audit", "verify"]))
        try s.expectOK(s.run(["doctor"]))
    }

    @Test("The creator who kept her pre-enrolment row reads nothing after his revocation")
    func creatorKeepsNothing() throws {
        let (s, code, kept) = try Self.scene()
        #expect(try Self.enrolOnTerminal(s, code: code).status == 0)
        try s.expectOK(s.run(["access", "revoke", "--athlete", "jane", "--from", "carl"]))
        try s.expectOK(s.run(["athlete", "note", "jane", "--goals", "after-revoke-secret"]))
        // carl puts back janeu's row as it was when he made her, and signs in with the code.
        let values = kept.split(separator: ",").map(String.init)
        try #require(values.count == Self.keyColumns.count)
        let sets = zip(Self.keyColumns, values).map { "\($0) = \($1)" }.joined(separator: ", ")
        _ = try s.sqlite("UPDATE users SET \(sets) WHERE handle = 'janeu'")
        // The code's key material is its 24 characters without the dashes.
        let cf = try s.secretFile("code", code.replacingOccurrences(of: "-", with: ""))
        let read = try s.run([
            "athlete", "show", "jane", "--json", "--as", "janeu",
            "--passphrase-file", cf,
        ])
        #expect(read.status != 0, "the kept row still opens: \(read.stdout)")
        #expect(!read.stdout.contains("after-revoke-secret"))
        let doctor = try s.run(["doctor"])
        #expect(doctor.status == 74 && doctor.stdout.contains("'janeu'"), "\(doctor.stdout)")
    }

    @Test("The owner's reset gives a user who forgot her passphrase a new code; the old one fails")
    func ownerReset() throws {
        let (s, code, _) = try Self.scene()
        #expect(try Self.enrolOnTerminal(s, code: code).status == 0)
        let reset = try s.expectOK(s.run(["user", "reset", "janeu", "--json"]))
        let object = try JSONSerialization.jsonObject(with: Data(reset.stdout.utf8))
        let fresh = try #require((object as? [String: Any])?["enrolment_code"] as? String)
        let jp = try s.secretFile("jane", Self.janePass)
        let old = try s.run(["athlete", "show", "jane", "--as", "janeu", "--passphrase-file", jp])
        #expect(old.status == 77, "\(old.stderr)")
        #expect(try Self.enrolOnTerminal(s, code: fresh).status == 0)
        try s.expectOK(
            s.run(["athlete", "show", "jane", "--as", "janeu", "--passphrase-file", jp]))
        try s.expectOK(s.run(["audit", "verify"]))
        let coach = try s.run([
            "user", "reset", "janeu", "--as", "carl", "--passphrase-file",
            try s.secretFile("carl2", Self.coachPass),
        ])
        #expect(coach.status == 77, "only the owner resets: \(coach.stderr)")
    }
}
