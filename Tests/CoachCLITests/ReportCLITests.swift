import Foundation
import Testing

/// `coach report` and `coach report team` through the binary: a new private file, never an
/// overwrite, one-line refusals.
@Suite struct ReportCLITests {
    static func mode(_ path: String) throws -> Int {
        let attrs = try FileManager.default.attributesOfItem(atPath: path)
        return (attrs[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test(
        "The athlete report is a new 0600 file whatever the umask, and holds every chart"
    )
    func athlete() throws {
        let s = try ViewsCLITests.scene()
        let out = s.root + "/tmp/jane.html"
        try s.expectOK(
            s.run(
                ["report", "--athlete", "jane", "--days", "30", "--out", out],
                env: ViewsCLITests.now, umask: "000"))
        #expect(try Self.mode(out) == 0o600)
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("Jane Example"))
        for title in [
            "Performance management", "Readiness", "HRV and resting heart rate", "Stress", "Sleep",
            "Steps",
            "Energy and protein", "Mood and soreness (DOMS)", "Plan compliance",
        ] {
            #expect(html.contains(">\(title)</h2>"), "missing \(title)")
        }
        // Same data, same options: the same bytes.
        let again = s.root + "/tmp/jane-again.html"
        try s.expectOK(
            s.run(
                ["report", "athlete", "--athlete", "jane", "--days", "30", "--out", again],
                env: ViewsCLITests.now))
        #expect(
            FileManager.default.contents(atPath: again) == FileManager.default.contents(atPath: out)
        )
    }

    @Test("An existing --out file is never overwritten")
    func noOverwrite() throws {
        let s = try ViewsCLITests.scene()
        let out = s.root + "/tmp/existing.html"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: out))
        let r = try s.run(["report", "--athlete", "jane", "--out", out], env: ViewsCLITests.now)
        #expect(
            r.status == 73 && r.errorLines.count == 1 && r.stderr.contains(out),
            "exit \(r.status): \(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "keep me")
        let t = try s.run(["report", "team", "--out", out], env: ViewsCLITests.now)
        #expect(t.status == 73 && t.errorLines.count == 1)
    }

    @Test("The team report has a row and a small chart per athlete")
    func team() throws {
        let s = try ViewsCLITests.scene()
        let out = s.root + "/tmp/team.html"
        try s.expectOK(s.run(["report", "team", "--out", out], env: ViewsCLITests.now))
        #expect(try Self.mode(out) == 0o600)
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html.components(separatedBy: "<th scope=\"row\">").count - 1 == 2)
        #expect(html.contains("@jane") && html.contains("@bert"))
    }

    @Test(
        "The team page lists flagged athletes first, their flags in words, as team --json has them")
    func teamMorning() throws {
        let s = try ViewsCLITests.scene()
        let me = ["--as", "olivia"]
        try s.expectOK(
            s.run(["athlete", "add", "aaron", "--name", "Aaron Able"] + me, env: ViewsCLITests.now))
        try s.expectOK(s.run(["log", "mood", "4", "-a", "aaron"] + me, env: ViewsCLITests.now))
        let team = try s.run(["team", "--json"] + me, env: ViewsCLITests.now)
        let rows = try #require(try ViewsCLITests.list(team))
        let flagged = rows.filter { !(($0["flags"] as? [String]) ?? []).isEmpty }
        #expect(
            flagged.map { $0["handle"] as? String } == ["bert"] && rows.count == 3,
            "\(rows.map { $0["flags"] ?? [] })")
        let out = s.root + "/tmp/morning.html"
        try s.expectOK(s.run(["report", "team", "--out", out] + me, env: ViewsCLITests.now))
        let html = try String(contentsOfFile: out, encoding: .utf8)
        // bert (never checked in) first, though aaron sorts before him; then by handle.
        let positions = ["@bert", "@aaron", "@jane"].map { html.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions[0]! < positions[1]! && positions[1]! < positions[2]!)
        for code in flagged.flatMap({ ($0["flags"] as? [String]) ?? [] }) {
            #expect(!html.contains(">\(code)<"), "\(code) shown as a code")
        }
        #expect(html.contains("never checked in") && html.contains("share one scale"))
    }

    @Test(
        "Bad windows (64) and future days (65, as other views) are refused: one line, no file",
        arguments: [
            (["--days", "3"], Int32(64)), (["--days", "5000"], Int32(64)),
            (["--date", "2030-01-01"], Int32(65)),
        ] as [([String], Int32)])
    func refusals(extra: [String], status: Int32) throws {
        let s = try ViewsCLITests.scene()
        let out = s.root + "/tmp/bad.html"
        let r = try s.run(
            ["report", "--athlete", "jane", "--out", out] + extra, env: ViewsCLITests.now)
        #expect(r.status == status && r.errorLines.count == 1, "exit \(r.status): \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
