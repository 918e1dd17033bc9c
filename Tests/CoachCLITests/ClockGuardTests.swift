import Foundation
import Testing

/// Keeps the time-bomb guard complete: every suite that replays a fixed day is run a second
/// time by `make test` with the system clock a year ahead, so it must be listed in
/// Tests/clock-suites.txt (or left out below, with the reason).
@Suite struct ClockGuardTests {
    /// What marks a test file as replaying a fixed day.
    static let markers = [
        "COACH_NOW", "CoachSandbox(clock:", "FixedClock(", "FirstHourScene", "PromptDatasets",
        "ViewsCLITests.now", "ViewsCLITests.scene", "PluginCLITests.now", "PluginCLITests.scene",
        "PromptCLITests.now", "PromptCLITests.scene", "ReportFixture", "PromptFixtures",
    ]

    /// Suites that replay a fixed day but are not run under the shifted clock, and why.
    static let leftOut: [String: String] = [
        "MCPServeCLITests":
            "under libfaketime the MCP SDK's stdio client never completes its handshake; the "
            + "prompt scene it replays runs in PromptCLITests",
        "BrowserReportTests":
            "Chromium takes minutes on two cores; the same fixture's dates and golden files "
            + "run in ReportDataTests and ReportGoldenTests",
    ]

    @Test(
        "Every suite that replays a fixed day is in Tests/clock-suites.txt or left out with a reason"
    )
    func everyFixedClockSuiteIsGuarded() throws {
        let listed = Set(
            try String(contentsOfFile: RepoFiles.path("Tests/clock-suites.txt"), encoding: .utf8)
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty })
        let tests = RepoFiles.root.appendingPathComponent("Tests")
        let files = try #require(FileManager.default.enumerator(atPath: tests.path))
        var needed: Set<String> = []
        for case let relative as String in files where relative.hasSuffix(".swift") {
            let text = try String(
                contentsOfFile: tests.appendingPathComponent(relative).path, encoding: .utf8)
            guard Self.markers.contains(where: text.contains) else { continue }
            for line in text.split(separator: "\n") where line.contains("struct ") {
                let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                guard let at = words.firstIndex(of: "struct"), at + 1 < words.count,
                    line.hasPrefix("@Suite") || line.hasPrefix("struct"),
                    words[at + 1].hasSuffix("Tests")
                else { continue }
                needed.insert(String(words[at + 1]))
            }
        }
        let missing = needed.subtracting(listed).subtracting(Self.leftOut.keys)
        #expect(missing.isEmpty, "add to Tests/clock-suites.txt: \(missing.sorted())")
        let stale = listed.subtracting(needed)
        #expect(stale.isEmpty, "no longer replays a fixed day: \(stale.sorted())")
        #expect(!needed.isEmpty && listed.count > 20)
    }
}
