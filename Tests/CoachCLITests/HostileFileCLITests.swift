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
}
