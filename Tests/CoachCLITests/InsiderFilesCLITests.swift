import Foundation
import GRDB
import Testing

/// The smaller items of an insider review: exported plans are private new files, a reader who
/// holds the file open cannot make crypto-shredding report success, the Argon2id preset new
/// users get is the owner's certified one, and a damaged snapshot stops a write instead of
/// being quietly dropped.
@Suite struct InsiderFilesCLITests {
    @Test(
        "plan export --out writes a new 0600 file and never overwrites one",
        arguments: [
            "ics", "csv", "json",
        ])
    func planExportPrivate(format: String) throws {
        let s = try CoachSandbox()
        try s.initialise()
        let out = s.root + "/plan.\(format)"
        let args = ["plan", "export", "--athlete", "jane", "--format", format, "--out", out]
        try s.expectOK(s.run(args, umask: "000"))
        #expect(CoachSandbox.mode(out) == 0o600)
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: out))
        let again = try s.run(args)
        #expect(again.status == 73 && again.errorLines.count == 1, "\(again.stderr)")
        #expect(again.stderr.contains("already exists") && again.stderr.contains("--out"))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "keep me\n")
    }

    @Test("A reader holding the file open makes athlete remove and rekey report the checkpoint")
    func checkpointNotFinished() throws {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(s.run(["athlete", "add", "bert", "--name", "Bert"]))
        // The insider keeps a read transaction open, so the log cannot be truncated.
        let reader = try DatabaseQueue(path: s.workspace)
        try reader.inDatabase { db in
            try db.execute(sql: "BEGIN DEFERRED")
            _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM records")
            let removed = try s.run(["athlete", "remove", "bert", "--yes"])
            #expect(removed.status == 73 && removed.errorLines.count == 1, "\(removed.stderr)")
            #expect(
                removed.stderr.contains("the athlete was removed")
                    && removed.stderr.contains("-wal")
                    && removed.stderr.contains("coach doctor --repair"), "\(removed.stderr)")
            let rekey = try s.run(["access", "rekey", "--athlete", "jane"])
            #expect(rekey.status == 73 && rekey.stderr.contains("checkpoint"), "\(rekey.stderr)")
            try db.execute(sql: "COMMIT")
        }
        try reader.close()
        try s.expectOK(s.run(["doctor", "--repair"]))
        #expect(
            (try? FileManager.default.attributesOfItem(atPath: s.workspace + "-wal")[.size]
                as? Int) ?? 0 == 0)
    }

    @Test("An edited meta.kdf_preset is tampering: no user is added under it, doctor names it")
    func kdfPresetEdited() throws {
        let s = try CoachSandbox()
        try s.initialise()
        _ = try s.sqlite("UPDATE meta SET value = 'moderate' WHERE key = 'kdf_preset'")
        let pass = try s.secretFile("carl", "carl passphrase long enough")
        let add = try s.run([
            "user", "add", "carl", "--role", "coach", "--new-passphrase-file", pass,
        ])
        #expect(add.status == 74 && add.errorLines.count == 1, "\(add.stderr)")
        #expect(add.stderr.contains("kdf_preset"), "\(add.stderr)")
        #expect(try s.sqlite("SELECT COUNT(*) FROM users WHERE handle = 'carl'") == "0")
        let doctor = try s.run(["doctor"])
        #expect(doctor.status == 74 && doctor.stdout.contains("kdf_preset"), "\(doctor.stdout)")
    }

    @Test("A damaged snapshot section stops the next write (exit 74) instead of being dropped")
    func tamperedSnapshotNotDropped() throws {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(s.run(["log", "wellness", "--mood", "3", "--athlete", "jane"]))
        // The weight section row: a weight write opens it without reading weights first.
        let zeroed = "ciphertext = zeroblob(length(ciphertext))"
        _ = try s.sqlite("UPDATE snapshots SET \(zeroed) WHERE section = 'weight'")
        let write = try s.run(["log", "weight", "70kg", "--athlete", "jane"])
        #expect(write.status == 74 && write.errorLines.count == 1, "\(write.stderr)")
        #expect(write.stderr.contains("snapshot"), "\(write.stderr)")
        #expect(try s.sqlite("SELECT COUNT(*) FROM snapshots WHERE \(zeroed)") == "1")
        let doctor = try s.run(["doctor"])
        #expect(doctor.status == 74 && doctor.stdout.contains("snapshots"), "\(doctor.stdout)")
    }

    @Test("user list reports a tampered grant instead of leaving the athlete column blank")
    func userListReportsTamperedGrant() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let jp = try s.secretFile("jane", "jane user passphrase")
        try s.expectOK(
            s.run([
                "user", "add", "janeu", "--role", "athlete", "--athlete", "jane",
                "--new-passphrase-file", jp,
            ]))
        let before = try s.expectOK(s.run(["user", "list", "--json"])).stdout
        #expect(before.contains("\"athlete\" : \"jane\""), "\(before)")
        _ = try s.sqlite(
            """
            UPDATE grants SET self_sealed = randomblob(length(self_sealed))
            WHERE user_id = (SELECT id FROM users WHERE handle = 'olivia');
            """)
        let list = try s.run(["user", "list"])
        #expect(list.status == 74 && list.errorLines.count == 1, "\(list.stdout) \(list.stderr)")
        #expect(list.stderr.contains("jane"), "\(list.stderr)")
    }
}
