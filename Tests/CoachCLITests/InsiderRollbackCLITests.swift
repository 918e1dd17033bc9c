import Foundation
import Testing

/// An insider puts back an older copy of the workspace — the whole file, or one user's sealed
/// state row with the rows it predates — or cuts the audit log's tail. Each user keeps their
/// marks on their own machine too, so everyone who saw the newer state refuses (exit 74).
@Suite struct InsiderRollbackCLITests {
    static let coachPass = "coach user passphrase"

    /// The sandbox with coach carl holding jane, his marks written by one command.
    static func withCoach() throws -> (CoachSandbox, String) {
        let s = try CoachSandbox()
        try s.initialise()
        let cp = try s.addCoach(passphrase: coachPass, file: "coach")
        try s.expectOK(s.run(["athlete", "show", "jane", "--as", "carl", "--passphrase-file", cp]))
        return (s, cp)
    }

    /// Replaces the workspace file (and its WAL) with `copy`, as an insider with `cp` would.
    static func putBack(_ copy: String, in s: CoachSandbox) throws {
        let fm = FileManager.default
        for suffix in ["", "-wal", "-shm"] { try? fm.removeItem(atPath: s.workspace + suffix) }
        try fm.copyItem(atPath: copy, toPath: s.workspace)
    }

    static func refusedAsRollback(
        _ r: CoachResult, naming what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            r.status == 74, "\(r.args): \(r.status) \(r.stderr)", sourceLocation: sourceLocation)
        #expect(
            r.errorLines.count == 1 && r.stderr.contains("rolled back")
                && r.stderr.contains(what), "\(r.stderr)", sourceLocation: sourceLocation)
    }

    @Test("An older copy of the whole file put back is refused by every user who saw newer")
    func wholeFileRolledBack() throws {
        let (s, cp) = try Self.withCoach()
        let copy = s.root + "/secrets/before-revoke.sqlite"
        _ = try s.sqlite("VACUUM INTO '\(copy)'")
        try s.expectOK(
            s.run(["access", "revoke", "--athlete", "jane", "--from", "carl", "--as", "olivia"]))
        try s.expectOK(
            s.run(["athlete", "note", "jane", "--goals", "after-revoke", "--as", "olivia"]))
        // carl, out of jane now, signs in once and so sees the newer log.
        try s.expectOK(s.run(["whoami", "--as", "carl", "--passphrase-file", cp]))
        try Self.putBack(copy, in: s)
        // The copy is internally consistent: without marks kept outside it, nothing notices.
        Self.refusedAsRollback(
            try s.run(["whoami", "--as", "olivia"]), naming: "key epochs of athlete")
        Self.refusedAsRollback(
            try s.run(["athlete", "note", "jane", "--goals", "x", "--as", "olivia"]),
            naming: "key epochs of athlete")
        let carl = try s.run(["athlete", "list", "--as", "carl", "--passphrase-file", cp])
        // carl saw only the log growing: it is shorter now.
        Self.refusedAsRollback(carl, naming: "audit log")
        // The owner's doctor names it among its findings.
        let doctor = try s.run(["doctor", "--as", "olivia"])
        #expect(doctor.status == 74, "\(doctor.stdout) \(doctor.stderr)")
        #expect(
            doctor.stdout.contains("marks") && doctor.stdout.contains("rolled back"),
            "\(doctor.stdout)")
        // On a machine with no marks yet (none kept), the copy is all there is.
        try FileManager.default.removeItem(atPath: s.stateDir + "/coach/marks")
        try s.expectOK(s.run(["whoami", "--as", "olivia"]))
    }

    @Test(
        "An older copy of a user's sealed state row, with the certificate it predates, is refused")
    func stateRowRolledBack() throws {
        let (s, _) = try Self.withCoach()
        let oliviaState = try s.sqlite(
            "SELECT hex(nonce) || '|' || hex(ciphertext) FROM user_state s JOIN users u "
                + "ON u.id = s.user_id WHERE u.handle = 'olivia'")
        let carlCert = try s.sqlite(
            "SELECT quote(c.status) || ',' || c.version || ',' || quote(c.signature) FROM "
                + "certificates c JOIN users u ON u.id = c.user_id WHERE u.handle = 'carl'")
        try s.expectOK(s.run(["user", "disable", "carl", "--yes", "--as", "olivia"]))
        let parts = oliviaState.split(separator: "|")
        let cert = carlCert.split(separator: ",", maxSplits: 2)
        // Only the state row goes back: its copy on olivia's machine is newer.
        _ = try s.sqlite(
            "UPDATE user_state SET nonce = X'\(parts[0])', ciphertext = X'\(parts[1])' WHERE "
                + "user_id = (SELECT id FROM users WHERE handle = 'olivia')")
        Self.refusedAsRollback(try s.run(["whoami", "--as", "olivia"]), naming: "sealed state")
        // Carl's old, active certificate goes back too: the certificate is named first.
        _ = try s.sqlite(
            "UPDATE certificates SET status = \(cert[0]), version = \(cert[1]), signature = "
                + "\(cert[2]), signer_id = (SELECT id FROM users WHERE handle = 'olivia') "
                + "WHERE user_id = (SELECT id FROM users WHERE handle = 'carl')")
        Self.refusedAsRollback(
            try s.run(["user", "list", "--as", "olivia"]),
            naming: "membership certificate of user 'carl'")
    }

    @Test(
        "A user who only read the log notices its tail removed or rewritten",
        arguments: [
            "DELETE FROM audit WHERE seq = (SELECT MAX(seq) FROM audit)",
            "UPDATE audit SET entry_hash = randomblob(32) WHERE seq = (SELECT MAX(seq) FROM audit)",
        ])
    func readerSeesTail(sql: String) throws {
        let (s, cp) = try Self.withCoach()
        let carl = ["--as", "carl", "--passphrase-file", cp]
        try s.expectOK(
            s.run(["athlete", "note", "jane", "--goals", "owner-wrote", "--as", "olivia"]))
        // carl writes nothing: his sign-in alone moves his audit mark to the head.
        try s.expectOK(s.run(["whoami"] + carl))
        _ = try s.sqlite(sql)
        Self.refusedAsRollback(try s.run(["whoami"] + carl), naming: "audit log")
    }

    @Test("A deliberate restore starts the marks again; a marks file others can read is refused")
    func restoreAndFileChecks() throws {
        let (s, _) = try Self.withCoach()
        let backup = s.root + "/secrets/backup.sqlite"
        try s.expectOK(s.run(["backup", "--out", backup]))
        try s.expectOK(
            s.run(["access", "revoke", "--athlete", "jane", "--from", "carl", "--as", "olivia"]))
        try s.expectOK(s.run(["restore", backup, "--yes"]))
        try s.expectOK(s.run(["whoami", "--as", "olivia"]))
        let marks = s.stateDir + "/coach/marks"
        let folders = try FileManager.default.contentsOfDirectory(atPath: marks)
        #expect(folders.count == 1)
        let folder = marks + "/" + (folders.first ?? "")
        #expect(CoachSandbox.mode(marks) == 0o700 && CoachSandbox.mode(folder) == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(!files.isEmpty)
        for file in files {
            #expect(CoachSandbox.mode(folder + "/" + file) == 0o600)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))
            #expect(!String(decoding: bytes, as: UTF8.self).contains("jane"))
        }
        let own = folder + "/" + (try s.sqlite("SELECT id FROM users WHERE handle = 'olivia'"))
        #expect(files.contains { own.hasSuffix("/" + $0) })
        _ = chmod(own, 0o644)
        let wide = try s.run(["whoami", "--as", "olivia"])
        #expect(wide.status != 0 && wide.stderr.contains("marks file"), "\(wide.stderr)")
        _ = chmod(own, 0o600)
        try FileManager.default.removeItem(atPath: own)
        try FileManager.default.createSymbolicLink(atPath: own, withDestinationPath: backup)
        let link = try s.run(["whoami", "--as", "olivia"])
        #expect(link.status != 0 && link.stderr.contains("marks file"), "\(link.stderr)")
    }
}
