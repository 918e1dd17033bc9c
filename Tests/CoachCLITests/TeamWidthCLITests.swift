import Foundation
import Testing

/// Issue 30, item 2 through the binary: `team` at 80 and 60 columns keeps the athlete's handle
/// whole, leaves out the least useful columns first, keeps every flag readable (wrapped, not
/// cut, and coloured on a terminal), and can put flagged athletes first.
@Suite struct TeamWidthCLITests {
    static let now = DemoFeaturesCLITests.now  // 2026-11-18 19:00 Berlin

    static func demo() throws -> CoachSandbox {
        let s = try CoachSandbox(clock: now)
        try s.expectOK(s.run(["demo", "--workspace", s.workspace, "--json"]))
        return s
    }

    /// Every athlete's flags, from the JSON.
    static func flags(_ s: CoachSandbox) throws -> [String: [String]] {
        let r = try s.run(["team", "--json"])
        let rows = try #require(
            try ViewsCLITests.list(r))
        var out: [String: [String]] = [:]
        for row in rows { out[row["handle"] as? String ?? ""] = row["flags"] as? [String] ?? [] }
        return out
    }

    @Test(
        "at 80 and 60 columns handles stay whole, low-value columns go, every flag is readable",
        arguments: [
            (80, ["ATHLETE", "READINESS", "CHECK-IN", "SOREST", "FLAGS"]),
            (60, ["ATHLETE", "READINESS", "FLAGS"]),
        ])
    func narrow(columns: Int, kept: [String]) throws {
        let s = try Self.demo()
        let r = try s.run(["team"], env: ["COLUMNS": "\(columns)"])
        #expect(r.status == 3)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= columns }, "\(r.stdout)")
        let header = lines[0].split(separator: " ", omittingEmptySubsequences: true)
            .map(String.init)
        #expect(header == kept, "\(lines[0])")
        #expect(!r.stdout.contains("…"), "\(r.stdout)")
        let flags = try Self.flags(s)
        for (handle, list) in flags {
            #expect(lines.contains { $0.hasPrefix(handle + " ") }, "\(handle) whole")
            for flag in list {
                #expect(lines.contains { $0.contains(flag) }, "\(flag) of \(handle) whole")
            }
        }
        let wide = try s.run(["team"], env: ["COLUMNS": "200"])
        #expect(wide.stdout.split(separator: "\n").first?.contains("SELF") == true)
    }

    @Test("--flagged-first puts flagged athletes first, each part in the --sort order")
    func flaggedFirst() throws {
        let s = try Self.demo()
        let r = try s.run(["team", "--sort", "readiness", "--flagged-first", "--json"])
        let rows = try #require(
            try ViewsCLITests.list(r))
        let handles = rows.map { $0["handle"] as? String ?? "" }
        #expect(handles == ["marco", "jane", "aiko"], "\(handles)")
        let plain = try s.run(["team", "--sort", "readiness", "--json"])
        #expect(plain.stdout.contains("aiko"))
        let text = try s.run(["team", "--flagged-first"], env: ["COLUMNS": "80"]).stdout
        let order = text.split(separator: "\n").compactMap { line in
            ["aiko", "jane", "marco"].first { line.hasPrefix($0 + " ") }
        }
        #expect(order == ["jane", "marco", "aiko"], "\(text)")
    }

    @Test("on a terminal the wrapped flags keep their colour on every line")
    func colouredOnTerminal() throws {
        let s = try Self.demo()
        let terminal = PtySteps(sandbox: s, env: ["TERM": "xterm-256color", "COLUMNS": "80"])
        let out = try terminal.run("coach team")
        #expect(out.status == 3, "\(out.output)")
        let red = "\u{1B}[38;2;229;62;62m"
        let flagLines = out.output.split(separator: "\n").filter {
            $0.contains("unusual_") || $0.contains("missed_session")
        }
        #expect(flagLines.count >= 2, "\(out.output)")
        #expect(flagLines.allSatisfy { $0.contains(red) }, "\(flagLines)")
    }
}
