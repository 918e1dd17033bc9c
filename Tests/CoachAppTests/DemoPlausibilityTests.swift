import CoachKit
import CoachMetrics
import Foundation
import Testing

@testable import CoachApp

/// Issue 29, item 7: the demo a coach would believe. Every generated workout and planned session
/// fits its athlete's sport: titles, durations, TSS per hour, and energy per minute within the
/// Compendium of Physical Activities' MET range for the sport (kcal/min = MET · kg / 60).
@Suite struct DemoPlausibilityTests {
    /// A fixed now (the demo's clock in the CLI tests): the histories never read the real date.
    static let now = Date(timeIntervalSince1970: 1_795_024_800)  // 2026-11-18T18:00:00Z
    static let datasets = DemoWorkspace.datasets(now: now)

    /// What a session of each sport may look like: a word its title holds, minutes, TSS per hour.
    static let rules: [(Sport, String, ClosedRange<Double>, ClosedRange<Double>)] = [
        (.cycling, "ride|spin|bike", 30...240, 25...100),
        (.running, "run", 25...160, 30...100),
        (.swimming, "swim", 30...130, 20...80),
        (.strength, "dryland", 20...75, 10...45),
    ]

    static func rule(_ sport: Sport) -> (String, ClosedRange<Double>, ClosedRange<Double>)? {
        rules.first { $0.0 == sport }.map { ($0.1, $0.2, $0.3) }
    }

    static func titled(_ title: String?, _ words: String) -> Bool {
        let t = (title ?? "").lowercased()
        return words.split(separator: "|").contains { t.contains($0) }
    }

    @Test(
        "each sport's workouts have fitting titles, durations, TSS per hour and kcal per minute",
        arguments: [Sport.cycling, .running, .swimming, .strength])
    func workouts(sport: Sport) throws {
        let (words, minutes, tssPerHour) = try #require(Self.rule(sport))
        var seen = 0
        for d in Self.datasets {
            let kg = try #require(d.athlete.weightKg), ftp = d.athlete.thresholds.ftpW
            for w in d.workouts where w.sport == sport {
                seen += 1
                #expect(d.athlete.sports.contains(sport), "\(d.athlete.handle) \(sport)")
                #expect(Self.titled(w.title, words), "\(w.title ?? "") is not a \(sport) title")
                let elapsed = try #require(w.elapsedS)
                #expect(minutes.contains(elapsed / 60), "\(w.title ?? ""): \(elapsed / 60) min")
                // A ride's TSS comes from its power; the demo's NP is FTP · IF.
                let intensity = w.npW.flatMap { np in ftp.map { np / $0 } }
                let tss = try intensity.map { elapsed / 3600 * $0 * $0 * 100 } ?? #require(w.tss)
                #expect(tssPerHour.contains(tss / (elapsed / 3600)), "\(w.title ?? ""): \(tss)")
                // kcal = MET · kg · hours, stored to the whole kcal (half a kcal either way).
                let kcal = try #require(w.kcal), met = DemoEnergy.metRange(sport)
                let hours = elapsed / 3600
                let low = met.lowerBound * kg * hours - 0.5
                let bounds = low...(met.upperBound * kg * hours + 0.5)
                #expect(bounds.contains(kcal), "\(w.title ?? ""): \(kcal / elapsed * 60) kcal/min")
            }
        }
        #expect(seen >= 20, "the demo holds \(seen) \(sport) workouts")
    }

    @Test("each planned session is in the athlete's sports, with a fitting title and TSS per hour")
    func plans() throws {
        for d in Self.datasets {
            let sessions = d.weeks.flatMap(\.sessions)
            #expect(sessions.count >= 30)
            for s in sessions {
                let sport = try #require(s.sport)
                #expect(d.athlete.sports.contains(sport), "\(d.athlete.handle): \(sport)")
                let (words, minutes, tssPerHour) = try #require(Self.rule(sport))
                #expect(Self.titled(s.title, words), "\(s.title) is not a \(sport) title")
                let hours = try #require(s.plannedDurationS) / 3600
                #expect(minutes.contains(hours * 60))
                #expect(tssPerHour.contains(try #require(s.plannedTss) / hours), "\(s.title)")
            }
        }
    }

    @Test(
        "the Compendium's MET values: runs by speed, swims and strength by intensity",
        arguments: [
            // Compendium rows: 6 mph 9.8, 7 mph 11.0; between 6 and 6.7 mph linearly.
            (Sport.running, 0.0, 6 * 1.609_344, 9.8), (.running, 0, 7 * 1.609_344, 11.0),
            (.running, 0, 6.35 * 1.609_344, 10.15), (.running, 0, 4, 8.3),
            (.swimming, 0.6, 0, 5.8), (.swimming, 0.75, 0, 7.8), (.swimming, 0.95, 0, 9.8),
            (.strength, 0.5, 0, 3.5), (.strength, 0.6, 0, 4.75), (.strength, 0.8, 0, 6.0),
        ])
    func met(sport: Sport, intensity: Double, kmh: Double, expected: Double) {
        let met = DemoEnergy.met(sport: sport, intensity: intensity, speedKmh: kmh)
        #expect(abs(met - expected) < 1e-9, "\(met)")
    }

    @Test("a 57 kg swimmer's hour at MET 9.8 is 559 kcal; 50 minutes of strength at 4.75, 226")
    func kcal() {
        #expect(DemoEnergy.kcal(met: 9.8, kg: 57, seconds: 3600) == 559)
        #expect(DemoEnergy.kcal(met: 4.75, kg: 57, seconds: 3000) == 226)
    }

    @Test("each athlete's goal names an event or a number of their own sport")
    func goals() throws {
        let words: [String: [String]] = [
            "jane": ["FTP", "half marathon"], "marco": ["Marathon"], "aiko": ["freestyle"],
        ]
        for d in Self.datasets {
            let goal = try #require(d.athlete.notes.goals)
            let expected = try #require(words[d.athlete.handle])
            #expect(expected.allSatisfy { goal.contains($0) }, "\(d.athlete.handle): \(goal)")
            #expect(!goal.contains("Ironman"), "no triathlon goal without swimming: \(goal)")
        }
    }

    @Test(
        "form: only marco's overreaching block runs deep negative, and it raises its flag",
        arguments: [("jane", false), ("marco", true), ("aiko", false)])
    func form(handle: String, overreaching: Bool) throws {
        let d = try #require(Self.datasets.first { $0.athlete.handle == handle })
        let evaluation = MetricEvaluation(d)
        let today = LocalDay(date: Self.now, timeZone: d.athlete.zone)
        var run = 0, longest = 0, lowest = Double.infinity, flagged = 0
        for back in (0..<90).reversed() {
            let r = try evaluation.result("training-load", day: today.adding(days: -back), now: nil)
            let tsb = try #require(r.values["tsb"]?.number)
            run = tsb < -10 ? run + 1 : 0
            longest = max(longest, run); lowest = min(lowest, tsb)
            if r.flags.contains("sustained_overreaching") { flagged += 1 }
        }
        if overreaching {
            // Two weeks and more under -10 (Friel's zones), never past what a block could do.
            #expect(longest >= 14 && flagged > 0 && lowest > -35, "\(longest) \(flagged) \(lowest)")
        } else {
            #expect(longest == 0 && flagged == 0 && lowest > -10, "\(longest) \(lowest)")
        }
    }
}
