import CoachTestSupport
import Foundation
import Testing

/// Imports that used to surprise (issue 30, item 13), through the binary: a dry run counts the
/// duplicates the real run finds, a bare file name is a file, a symbolic link is followed, a
/// thin athlete section changes only what it holds, and `doctor` stays quiet after ordinary
/// and interrupted imports while still catching a tampered record.
@Suite struct ImportSurpriseCLITests {
    typealias Report = ImportCLITests.Report
    static func fixture(_ rel: String) -> String { TestFixtures.path(rel) }
    static let run18 = fixture("fit/run_18min_s4.fit")
    static let ride12 = fixture("fit/ride_12min_s3.fit")
    static let healthZip = fixture("apple-health/apple-health-parser/export.zip")
    static let healthXML = fixture("apple-health/apple-health-parser/export.xml")

    static func importing(
        _ s: CoachSandbox, _ files: [String], _ extra: [String] = [], cwd: String? = nil
    ) throws -> Report {
        try ImportCLITests.report(
            s.expectOK(
                s.run(
                    ["import"] + files + ["--athlete", "jane", "--json", "--as", "olivia"] + extra,
                    cwd: cwd)))
    }

    /// Added, updated and duplicate counts, as one comparable value.
    static func counts(_ r: Report) -> [Int] { [r.imported, r.updated, r.duplicate] }

    @Test("a dry run counts as duplicates what the real run then finds to be duplicates")
    func dryRunSeesDuplicates() throws {
        let s = try CoachSandbox()
        try s.initialise()
        #expect(try Self.importing(s, [Self.run18]).imported == 1)
        let health = try Self.importing(s, [Self.healthZip])
        #expect(health.imported > 0)
        let stored = try ImportCLITests.logRecords(s)
        let files = [Self.run18, Self.ride12, Self.healthZip]
        let dry = try Self.importing(s, files, ["--dry-run"])
        #expect(try ImportCLITests.logRecords(s) == stored, "a dry run writes nothing")
        let real = try Self.importing(s, files)
        #expect(dry.imported == 1 && dry.duplicate == 1 + health.imported + health.duplicate)
        #expect(Self.counts(dry) == Self.counts(real))
    }

    @Test("a dry run of a coach/1 JSON file through 'import' counts what the real run does")
    func dryRunJSON() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let file = TestFixtures.path("athlete-dataset.json")
        _ = try Self.importing(s, [file])
        let dry = try Self.importing(s, [file], ["--dry-run"])
        let real = try Self.importing(s, [file])
        #expect(dry.imported == 0 && dry.duplicate > 0)
        #expect(Self.counts(dry) == Self.counts(real))
    }

    @Test("'coach import j.json' in the file's folder imports the file, not 'did you mean json'")
    func bareFileName() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let folder = s.root + "/tmp/files"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.run18, toPath: folder + "/j.fit")
        let json =
            #"{"format": "coach/1", "athlete": {"handle": "jane"}, "#
            + #""wellness": [{"id": "w1", "day": "2026-01-05", "mood": 4}]}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/j.json"))
        let bare = try s.run(
            ["import", "j.json", "--athlete", "jane", "--as", "olivia"], cwd: folder)
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(!bare.stderr.contains("unknown command"))
        #expect(try Self.importing(s, ["j.fit"], cwd: folder).imported == 1)
        #expect(try ImportCLITests.logRecords(s) == 2)
        // A real typo of a subcommand is still caught.
        let typo = try s.run(["import", "jsno", "--athlete", "jane", "--as", "olivia"])
        #expect(typo.status == 64 && typo.stderr.contains("did you mean 'json'"))
    }

    @Test(
        "a zip or XML passed through a symbolic link is read through the link",
        arguments: [
            "zip", "xml",
        ])
    func symbolicLink(kind: String) throws {
        let s = try CoachSandbox()
        try s.initialise()
        let link = s.root + "/tmp/export-link.\(kind)"
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: kind == "zip" ? Self.healthZip : Self.healthXML)
        let linked = try Self.importing(s, [link])
        #expect(linked.imported > 0)
        let direct = try Self.importing(s, [kind == "zip" ? Self.healthZip : Self.healthXML])
        #expect(direct.imported == 0 && direct.duplicate == linked.imported + linked.duplicate)
    }

    static func profile(_ s: CoachSandbox) throws -> [String: Any] {
        let r = try s.expectOK(s.run(["export", "--athlete", "jane", "--as", "olivia"]))
        let obj = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return try #require(obj?["athlete"] as? [String: Any])
    }

    /// A JSON object as sorted-key text, to compare two of them whole.
    static func canonical(_ object: [String: Any]) throws -> String {
        String(
            decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
            as: UTF8.self)
    }

    @Test("an athlete section holding only the handle leaves the profile as it is")
    func thinAthleteSection() throws {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(
            s.run([
                "athlete", "edit", "jane", "--ftp", "250", "--birth-date", "1990-05-01",
                "--as", "olivia",
            ]))
        let before = try Self.profile(s)
        let file = s.root + "/tmp/thin.json"
        try Data(#"{"format": "coach/1", "athlete": {"handle": "jane"}}"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        let r = try Self.importing(s, [file])
        #expect(r.updated == 0)
        let after = try Self.profile(s)
        #expect(after["time_zone"] as? String == "Europe/Berlin")
        #expect(after["birth_date"] as? String == "1990-05-01")
        #expect((after["thresholds"] as? [String: Any])?["ftp_w"] as? Double == 250)
        #expect(try Self.canonical(after) == Self.canonical(before))
        // A field the section does hold is changed; the others stay.
        try Data(
            #"{"format": "coach/1", "athlete": {"handle": "jane", "thresholds": {"ftp_w": 260}}}"#
                .utf8
        ).write(to: URL(fileURLWithPath: file))
        #expect(try Self.importing(s, [file]).updated == 1)
        let edited = try Self.profile(s)
        #expect((edited["thresholds"] as? [String: Any])?["ftp_w"] as? Double == 260)
        #expect(edited["time_zone"] as? String == "Europe/Berlin")
        #expect(edited["birth_date"] as? String == "1990-05-01")
    }

    static func doctor(_ s: CoachSandbox) throws -> CoachResult {
        try s.run(["doctor", "--as", "olivia"])
    }

    @Test("doctor finds nothing after ordinary device, CSV and Apple Health imports")
    func doctorQuietAfterImports() throws {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(s.run(["metrics", "--athlete", "jane", "--as", "olivia"]))
        let csv = s.root + "/tmp/mood.csv"
        try Data("kind,day,mood\nwellness,2026-01-05,4\n".utf8)
            .write(to: URL(fileURLWithPath: csv))
        for file in [Self.run18, Self.healthZip, csv] {
            _ = try Self.importing(s, [file])
            let d = try Self.doctor(s)
            #expect(d.status == 0 && !d.stdout.contains("FAIL"), "after \(file): \(d.stdout)")
        }
        #expect(try s.sqlite("SELECT COUNT(*) FROM snapshots") == "0", "the import dropped it")
    }

    @Test("doctor finds nothing after an import killed midway, but a tampered record still 74")
    func doctorAfterKillAndTamper() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let running = try s.start(
            [
                "import", ImportCLITests.export20k, "--athlete", "jane", "--batch", "300",
                "--quiet", "--as", "olivia",
            ], stdin: nil, env: [:], umask: "022")
        var killedMidway = false
        for _ in 0..<2000 {
            if let n = Int(try s.sqlite("SELECT COUNT(*) FROM records WHERE kind = 'biometric'")),
                n > 0
            {
                kill(running.process.processIdentifier, SIGKILL)
                killedMidway = true
                break
            }
            if !running.process.isRunning { break }
            usleep(5000)
        }
        running.process.waitUntilExit()
        #expect(killedMidway, "the import finished before it could be killed")
        let quiet = try Self.doctor(s)
        #expect(quiet.status == 0 && !quiet.stdout.contains("FAIL"), "\(quiet.stdout)")
        // The attack: a sealed record is damaged while no snapshot exists to compare with.
        _ = try s.sqlite(
            "UPDATE records SET ciphertext = zeroblob(length(ciphertext)) WHERE rowid ="
                + " (SELECT rowid FROM records WHERE kind = 'biometric' LIMIT 1)")
        let caught = try Self.doctor(s)
        #expect(caught.status == 74 && caught.stdout.contains("snapshots"), "\(caught.stdout)")
    }
}
