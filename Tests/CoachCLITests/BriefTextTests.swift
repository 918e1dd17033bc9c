import CoachApp
import Foundation
import Testing

@testable import CoachCLI

/// Issue 30, item 5: the brief of a large roster stays a few lines (a line per reason, the
/// lowest body batteries) and its status line stays short.
@Suite struct BriefTextTests {
    /// A brief of `count` athletes, the first `flagged` of them low on energy.
    static func brief(count: Int, flagged: Int) throws -> Brief {
        let entries = (0..<count).map { i -> String in
            let flags = i < flagged ? #"["low_energy_availability"]"# : "[]"
            let reasons = i < flagged ? #"["eating too little for the training"]"# : "[]"
            return #"""
                {"handle": "a\#(String(format: "%02d", i))", "name": "A", "day": "2026-11-18",
                 "body_battery": \#(40 + i), "zone": null, "suggested_load": null,
                 "rest_advised": false, "flags": \#(flags), "reasons": \#(reasons),
                 "checked_in": true, "last_check_in": "2026-11-18", "missed_yesterday": [],
                 "today": []}
                """#
        }
        let json = #"{"athletes": [\#(entries.joined(separator: ","))]}"#
        return try JSONDecoder().decode(Brief.self, from: Data(json.utf8))
    }

    @Test("a roster of 30 with 12 needing attention: a line per reason, five batteries")
    func largeRoster() throws {
        let text = BriefText.roster(try Self.brief(count: 30, flagged: 12))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 5, "\(text)")
        #expect(lines[0] == "Brief · Wed 2026-11-18 · 30 athletes, 12 need attention")
        #expect(lines[1].hasPrefix("⚑ eating too little for the training: a00, a01, "))
        #expect(lines[1].hasSuffix("a11"))
        #expect(
            lines[4]
                == "Body battery · load: a00 40 no load yet · a01 41 no load yet · "
                + "a02 42 no load yet · a03 43 no load yet · a04 44 no load yet · 25 more from 45 up"
        )
        #expect(
            BriefText.status(try Self.brief(count: 30, flagged: 12))
                == "⚑ 12 need attention: a00, a01, a02 +9 · 0 sessions today")
    }

    @Test("a small roster keeps a line per athlete and every battery")
    func smallRoster() throws {
        let text = BriefText.roster(try Self.brief(count: 4, flagged: 2))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 6, "\(text)")
        #expect(lines[1] == "⚑ a00  eating too little for the training")
        #expect(lines.last?.contains("a03 43") == true)
        #expect(BriefText.status(try Self.brief(count: 4, flagged: 0)).hasPrefix("✓ all 4 fine"))
    }
}
