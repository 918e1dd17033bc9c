import CoachImport
import CoachTestSupport
import Foundation
import Testing

/// `coach import` through the binary: idempotent re-imports, a bad file leaves nothing, an
/// athlete user imports her own files, and a kill in the middle of a large import is finished
/// by running it again.
@Suite struct ImportCLITests {
    static func fixture(_ rel: String) -> String { TestFixtures.path(rel) }
    static let export20k = fixture("apple-health/generated/export-20k-seed7.zip")

    struct Report: Decodable {
        struct Counts: Decodable {
            var label: String
            var imported: Int
            var updated: Int
            var duplicate: Int
        }
        var types: [Counts]
        var imported: Int { types.map(\.imported).reduce(0, +) }
        var duplicate: Int { types.map(\.duplicate).reduce(0, +) }
        var updated: Int { types.map(\.updated).reduce(0, +) }
    }

    static func report(_ r: CoachResult) throws -> Report {
        try JSONDecoder().decode(Report.self, from: Data(r.stdout.utf8))
    }

    /// Stored log records of all athletes (everything but profiles and weeks).
    static func logRecords(_ s: CoachSandbox) throws -> Int {
        Int(try s.sqlite("SELECT COUNT(*) FROM records WHERE kind NOT IN ('profile','week')")) ?? -1
    }

    /// The athlete's logs without ids (ids are keyed per athlete), sorted, as JSON lines.
    static func contentOf(_ s: CoachSandbox, athlete: String) throws -> [String] {
        let r = try s.expectOK(s.run(["export", "--athlete", athlete, "--as", "olivia"]))
        var obj = try #require(
            try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        obj.removeValue(forKey: "athlete")
        var lines: [String] = []
        for (section, value) in obj {
            guard let items = value as? [[String: Any]] else { continue }
            for var item in items {
                item.removeValue(forKey: "id")
                let data = try JSONSerialization.data(withJSONObject: item, options: [.sortedKeys])
                lines.append(section + " " + String(decoding: data, as: UTF8.self))
            }
        }
        return lines.sorted()
    }

    @Test(
        "importing the same export twice adds nothing the second time; FIT, TCX, GPX of one ride are one workout"
    )
    func idempotent() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let first = try Self.report(
            s.expectOK(
                s.run(["import", Self.export20k, "--athlete", "jane", "--json", "--as", "olivia"])))
        #expect(first.imported > 7000)
        let stored = try Self.logRecords(s)
        #expect(stored == first.imported)
        let second = try Self.report(
            s.expectOK(
                s.run(["import", Self.export20k, "--athlete", "jane", "--json", "--as", "olivia"])))
        #expect(second.imported == 0 && second.updated == 0)
        #expect(second.duplicate == first.imported + first.duplicate)
        #expect(try Self.logRecords(s) == stored)
        let rides = [
            "fit/ride_12min_s3.fit", "fit/ride_12min_s3.tcx.gz", "fit/ride_12min_s3.gpx.gz",
        ]
        let r = try Self.report(
            s.expectOK(
                s.run(
                    ["import"] + rides.map(Self.fixture) + [
                        "--athlete", "jane", "--json", "--as", "olivia",
                    ])))
        #expect(r.imported == 1 && r.duplicate == 2)
    }

    @Test("a file damaged near its end: one line naming file and position, exit 65, nothing kept")
    func damagedFileLeavesNothing() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let zip = try ZipArchive(path: Self.export20k)
        let entry = try #require(zip.entries.first { $0.name.hasSuffix("export.xml") })
        var xml = try zip.open(entry).readAll()
        let marker = Array("</Workout>".utf8)
        let last = try #require(xml.ranges(of: marker).last)
        xml.replaceSubrange(last, with: Array("</Workuot>".utf8))
        let path = s.root + "/tmp/damaged.xml"
        _ = FileManager.default.createFile(atPath: path, contents: Data(xml))
        let r = try s.run(["import", path, "--athlete", "jane", "--as", "olivia"])
        #expect(r.status == 65)
        #expect(r.errorLines.count == 1)
        #expect(
            r.stderr.contains(
                "\(path), byte \(last.lowerBound): </Workuot> does not close <Workout>"))
        #expect(r.stderr.contains("nothing was imported from it"))
        #expect(try Self.logRecords(s) == 0)
        let fit = s.root + "/tmp/bad.fit"
        var bytes = try FileStream(path: Self.fixture("fit/ride_12min_s3.fit")).readAll()
        bytes[100] ^= 0xFF
        _ = FileManager.default.createFile(atPath: fit, contents: Data(bytes))
        let f = try s.run(["import", fit, "--athlete", "jane", "--as", "olivia"])
        #expect(f.status == 65)
        #expect(f.stderr.contains("\(fit), byte \(bytes.count - 2): the file CRC does not match"))
        #expect(try Self.logRecords(s) == 0)
    }

    @Test("--since leaves out records before the day; --dry-run writes nothing")
    func sinceAndDryRun() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let files = ["fit/run_18min_s4.fit", "fit/ride_12min_s3.fit"].map(Self.fixture)
        let dry = try Self.report(
            s.expectOK(
                s.run(
                    ["import"] + files + [
                        "--athlete", "jane", "--dry-run", "--json", "--as", "olivia",
                    ])))
        #expect(dry.imported == 2)
        #expect(try Self.logRecords(s) == 0)
        let r = try s.expectOK(
            s.run(
                ["import"] + files + [
                    "--athlete", "jane", "--since", "2024-10-20", "--json", "--as", "olivia",
                ]))
        #expect(try Self.report(r).imported == 1)
        #expect(r.stdout.contains("before the first day asked for"))
        #expect(try Self.logRecords(s) == 1)
    }

    @Test("an athlete user imports her own files without naming herself")
    func athleteImportsOwn() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let pass = try s.secretFile("jane-user", "jane user passphrase")
        try s.expectOK(
            s.run([
                "user", "add", "jane-user", "--role", "athlete", "--athlete", "jane",
                "--new-passphrase-file", pass, "--as", "olivia",
            ]))
        try s.expectOK(s.run(["unlock", "--as", "jane-user", "--passphrase-file", pass]))
        let r = try Self.report(
            s.expectOK(
                s.run([
                    "import", Self.fixture("fit/run_18min_s4.fit"), "--json", "--as", "jane-user",
                ])))
        #expect(r.imported == 1)
        let shown = try s.expectOK(
            s.run(["log", "show", "--days", "3660", "--json", "--as", "jane-user"])
        ).stdout
        #expect(shown.contains("\"workout\""))
    }

    @Test("killed with SIGKILL in the middle, a re-run ends equal to one clean import")
    func killAndResume() throws {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(
            s.run([
                "athlete", "add", "kim", "--name", "Kim", "--time-zone", "Europe/Berlin", "--as",
                "olivia",
            ]))
        let running = try s.start(
            [
                "import", Self.export20k, "--athlete", "jane", "--batch", "300", "--quiet", "--as",
                "olivia",
            ],
            stdin: nil, env: [:],
            umask: "022")
        let process = running.process
        var killedMidway = false
        for _ in 0..<2000 {
            if let n = Int(try s.sqlite("SELECT COUNT(*) FROM records WHERE kind = 'biometric'")),
                n > 0
            {
                kill(process.processIdentifier, SIGKILL)
                killedMidway = true
                break
            }
            if !process.isRunning { break }
            usleep(5000)
        }
        process.waitUntilExit()
        #expect(killedMidway, "the import finished before it could be killed")
        let partial = try Self.logRecords(s)
        try s.expectOK(
            s.run(["import", Self.export20k, "--athlete", "jane", "--quiet", "--as", "olivia"]))
        try s.expectOK(
            s.run(["import", Self.export20k, "--athlete", "kim", "--quiet", "--as", "olivia"]))
        let resumed = try Self.contentOf(s, athlete: "jane")
        let clean = try Self.contentOf(s, athlete: "kim")
        #expect(resumed.count == clean.count)
        #expect(resumed == clean)
        #expect(partial > 0)
    }
}
