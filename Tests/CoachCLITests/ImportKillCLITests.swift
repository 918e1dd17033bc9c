import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 31 item 6 (the rest): an import killed in the middle of a file leaves nothing of it.
/// Each batch commits with its journal; the next command that opens the athlete, finding no
/// import holding the lock, rolls back what the journal names.
@Suite struct ImportKillCLITests {
    /// Biometric records of the workspace, counted in the file.
    static func biometrics(_ s: CoachSandbox) throws -> Int {
        Int(try s.sqlite("SELECT COUNT(*) FROM records WHERE kind = 'biometric'")) ?? -1
    }

    @Test("A SIGKILLed import leaves nothing of its file once the athlete is next opened")
    func killedImportRolledBack() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let args = [
            "import", ImportCLITests.export20k, "--athlete", "jane", "--batch", "300", "--quiet",
            "--as", "olivia",
        ]
        let running = try s.start(args, stdin: nil, env: [:], umask: "022")
        var killedMidway = false
        for _ in 0..<2000 {
            if try Self.biometrics(s) > 0 {
                kill(running.process.processIdentifier, SIGKILL)
                killedMidway = true
                break
            }
            if !running.process.isRunning { break }
            usleep(5000)
        }
        running.process.waitUntilExit()
        #expect(killedMidway, "the import finished before it could be killed")
        #expect(try Self.biometrics(s) > 0, "batches of the killed file were committed")
        // The next command on jane sees none of the killed file.
        let log = try s.expectOK(
            s.run([
                "log", "show", "--athlete", "jane", "--days", "3650", "--json", "--as", "olivia",
            ]))
        #expect(try Self.biometrics(s) == 0, "the killed file's batches are still there")
        #expect(!log.stdout.contains("\"biometric\""), "\(log.stdout.prefix(300))")
        #expect(try s.sqlite("SELECT COUNT(*) FROM meta WHERE key LIKE 'import-journal/%'") == "0")
        let audit = try s.expectOK(s.run(["audit", "verify", "--as", "olivia"]))
        #expect(audit.status == 0)
        // Imported again in full, it is all there, and nothing is rolled back afterwards.
        try s.expectOK(s.run(args))
        let full = try Self.biometrics(s)
        #expect(full > 0)
        try s.expectOK(s.run(["metrics", "--athlete", "jane", "--as", "olivia"]))
        #expect(try Self.biometrics(s) == full)
    }

    @Test("A planted journal row is tampering (74), and deletes nothing")
    func plantedJournal() throws {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(
            s.run([
                "import", "fit", ImportCLITests.fixture("fit/ride_12min_s3.fit"), "--athlete",
                "jane", "--as",
                "olivia",
            ]))
        let before = try s.sqlite("SELECT COUNT(*) FROM records")
        let athlete = try s.sqlite("SELECT id FROM athletes LIMIT 1")
        let id = try s.sqlite("SELECT hex(id) FROM records WHERE kind = 'workout' LIMIT 1")
        #expect(!id.isEmpty)
        // The insider names jane's workout (its id in text form) under a made-up MAC.
        let text = "i" + id.lowercased()
        _ = try s.sqlite(
            "INSERT INTO meta (key, value) VALUES ('import-journal/\(athlete)/\(text)', "
                + "'1\n\(String(repeating: "0", count: 64))\n\(text)')")
        let r = try s.run(["metrics", "--athlete", "jane", "--as", "olivia"])
        #expect(r.status == 74, "\(r.status): \(r.stderr)")
        #expect(try s.sqlite("SELECT COUNT(*) FROM records") == before)
    }
}
