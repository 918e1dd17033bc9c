import Foundation
import Testing

/// Issue 12, item 15: the demo shows every feature — soreness and the sore-group warning, vitals,
/// power files, step days with a banked bonus day, biometrics with times, the seven-day nutrition.
@Suite struct DemoFeaturesCLITests {
    static let now = ["COACH_NOW": "2026-11-18T19:00:00+01:00"]

    @Test("the demo workspace holds and shows every feature")
    func everyFeature() throws {
        let s = try CoachSandbox(clock: Self.now)
        try s.expectOK(s.run(["demo", "--workspace", s.workspace, "--json"], env: Self.now))
        func json(_ args: [String]) throws -> Any {
            let out = try s.expectOK(s.run(args + ["--json"], env: Self.now)).stdout
            return try JSONSerialization.jsonObject(with: Data(out.utf8))
        }
        let flagged = try s.run(["team", "--json"], env: Self.now)
        #expect(flagged.status == 3, "team exits 3 when an athlete is flagged: \(flagged.stderr)")
        let team = try #require(
            try ViewsCLITests.list(flagged))
        let flags = Set(team.flatMap { ($0["flags"] as? [String]) ?? [] })
        #expect(
            flags.isSuperset(of: [
                "sore_group_planned", "possible_illness", "unusual_wrist_temp", "missed_session",
            ]),
            "\(flags)")
        let activity = try #require(try json(["activity", "--athlete", "jane"]) as? [String: Any])
        let values = try #require(activity["values"] as? [String: Any])
        #expect((values["bonus_days"] as? Double ?? 0) >= 1)
        #expect(
            values["distance_m_today"] as? Double != nil
                && values["heart_rate_now"] as? Double != nil)
        let vitals = try #require(
            (try json(["biometrics", "--athlete", "marco", "--type", "spo2,hr_recovery"])
                as? [String: Any])?["samples"] as? [[String: Any]])
        #expect(vitals.count >= 14)
        let load = try #require(
            try json(["explain", "training-load", "--athlete", "jane", "--date", "2026-11-17"])
                as? [String: Any])
        let notes = ((load["components"] as? [[String: Any]]) ?? []).compactMap {
            $0["note"] as? String
        }
        #expect(notes.contains { $0.hasPrefix("power, NP") }, "\(notes)")
        let soreness = try #require(
            (try json(["log", "show", "--athlete", "jane", "--kind", "wellness", "--days", "14"])
                as? [String: Any])?["entries"] as? [[String: Any]])
        #expect(
            soreness.contains {
                (($0["entry"] as? [String: Any])?["doms"] as? [String: Any])?.isEmpty == false
            })
    }
}
