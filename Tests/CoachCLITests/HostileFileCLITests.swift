import CoachTestSupport
import Foundation
import Testing

/// Every hostile fixture (Tests/Fixtures/hostile) through the real binary: exit 65, one line on
/// stderr naming the file, no crash, and the athlete's data exactly as before.
@Suite struct HostileFileCLITests {
    static let folder = TestFixtures.path("hostile")

    static var fixtures: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasSuffix(".py") }.sorted()
    }

    @Test("each hostile file is refused with exit 65 and one line, and changes nothing")
    func refusedByTheBinary() throws {
        let names = Self.fixtures
        #expect(names.count >= 11)
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(
            s.run([
                "log", "mood", "4", "--athlete", "jane", "--date", "2026-01-05", "--as", "olivia",
            ]))
        let export = ["export", "--athlete", "jane", "--as", "olivia"]
        let before = try s.expectOK(s.run(export)).stdout
        for name in names {
            let r = try s.run([
                "import", Self.folder + "/" + name, "--athlete", "jane", "--as", "olivia",
            ])
            #expect(!r.crashed, "\(name): \(r.stderr.prefix(300))")
            #expect(r.status == 65, "\(name): exit \(r.status)")
            #expect(r.errorLines.count == 1, "\(name): \(r.stderr.prefix(300))")
            #expect(r.stderr.contains(name), "\(name): \(r.stderr.prefix(300))")
        }
        #expect(try s.expectOK(s.run(export)).stdout == before)
    }

    @Test("a FIFO in a bulk folder is refused by name at once, and the other file imports")
    func fifoInFolder() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let dir = s.root + "/bulk"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestFixtures.path("fit/ride_12min_s3.fit"), toPath: dir + "/ride.fit")
        #expect(mkfifo(dir + "/stuck.fit", 0o600) == 0)
        let strict = try s.run(
            ["import", dir, "--athlete", "jane", "--as", "olivia"], timeout: 60)
        #expect(!strict.crashed)
        #expect(strict.status == 66)
        #expect(strict.errorLines.count == 1)
        #expect(strict.stderr.contains("stuck.fit: is not a regular file"), "\(strict.stderr)")
        let lenient = try s.run(
            ["import", dir, "--athlete", "jane", "--skip-bad", "--json", "--as", "olivia"],
            timeout: 60)
        #expect(!lenient.crashed)
        #expect((lenient.stdout + lenient.stderr).contains("stuck.fit"))
        let export = try s.expectOK(s.run(["export", "--athlete", "jane", "--as", "olivia"]))
        #expect(export.stdout.contains("\"FIT\""))
    }
}
