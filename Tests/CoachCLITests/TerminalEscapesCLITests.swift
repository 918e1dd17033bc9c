import Foundation
import Testing

/// Text from outside — an imported athlete's name and notes, a coach's note, a planned
/// session's title — carrying terminal escape sequences prints escaped: no raw escape, bell or
/// carriage return reaches the terminal, whatever the command.
@Suite struct TerminalEscapesCLITests {
    static let hostile = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\rX\u{9B}1m"

    static func rawControls(_ text: String) -> [UInt32] {
        text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
        }.map(\.value)
    }

    @Test("Hostile names, notes and titles print escaped in listings, shows, plans and errors")
    func hostileTextEscaped() throws {
        let s = try CoachSandbox(clock: ["COACH_NOW": "2026-11-25T09:00:00Z"])
        try s.initialise()
        let doc: [String: Any] = [
            "format": "coach/1",
            "athlete": [
                "handle": "evil", "name": Self.hostile, "time_zone": "UTC",
                "notes": ["goals": Self.hostile],
            ],
        ]
        let file = s.root + "/tmp/evil.json"
        try JSONSerialization.data(withJSONObject: doc).write(to: URL(fileURLWithPath: file))
        try s.expectOK(s.run(["import", "json", file, "--create", "--as", "olivia"]))
        try s.expectOK(
            s.run([
                "plan", "session", "add", "--athlete", "evil", "--date", "2026-11-24", "--title",
                Self.hostile, "--sport", "cycling", "--as", "olivia",
            ]))
        for args in [
            ["athlete", "list"], ["athlete", "show", "evil"], ["team"],
            ["plan", "show", "--athlete", "evil"], ["plan", "week", "--athlete", "evil"],
            ["access", "list"], ["athlete", "show", "evil", "--json"],
        ] {
            let r = try s.run(
                args + ["--as", "olivia"])
            #expect(r.status == 0 || r.status == 3, "\(args): \(r.status) \(r.stderr)")
            #expect(Self.rawControls(r.stdout).isEmpty, "\(args) printed raw controls")
            #expect(Self.rawControls(r.stderr).isEmpty, "\(args) wrote raw controls to stderr")
        }
        let show = try s.run(["athlete", "show", "evil", "--as", "olivia"])
        #expect(show.stdout.contains("Evil\\u001b]0;pwned\\u0007"), "\(show.stdout)")
        // JSON keeps the meaning: the name reads back exactly.
        let json = try s.run(["athlete", "show", "evil", "--json", "--as", "olivia"])
        let obj = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(obj?["name"] as? String == Self.hostile, "\(json.stdout)")
        // A hostile handle typed on the command line comes back escaped in the error.
        // A file written to a pipe keeps its bytes (only a terminal gets them escaped).
        let csv = try s.run(["export", "--athlete", "evil", "--format", "csv", "--as", "olivia"])
        #expect(csv.status == 0 && csv.stdout.isEmpty == false)
        let missing = try s.run(["athlete", "show", "no\u{1B}[2Jbody", "--as", "olivia"])
        #expect(
            missing.status != 0 && Self.rawControls(missing.stderr).isEmpty, "\(missing.stderr)")
    }
}
