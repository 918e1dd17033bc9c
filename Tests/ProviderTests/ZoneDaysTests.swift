import CoachKit
import Foundation
import Testing

@Suite struct ZoneDaysTests {
    @Test(
        "the transition table gives the same days and wall-clock instants as TimeZone",
        arguments: [
            "Europe/Berlin", "America/New_York", "Australia/Sydney", "Australia/Lord_Howe",
            "Asia/Kolkata",
            "Africa/Casablanca", "Pacific/Apia", "America/Sao_Paulo", "UTC",
        ])
    func matchesTimeZone(identifier: String) {
        let zone = TimeZone(identifier: identifier)!
        let from = Fx.at("2010-01-01T00:00:00Z").epochSeconds,
            to = Fx.at("2030-01-01T00:00:00Z").epochSeconds
        let table = ZoneDays(zone: zone, from: from, through: to)
        var g = SplitMix64(seed: 5)
        for _ in 0..<3000 {
            let t = Double.random(in: (from - 5 * 86_400)...(to + 5 * 86_400), using: &g).rounded()
            #expect(
                table.day(atEpoch: t)
                    == LocalDay(date: Date(timeIntervalSince1970: t), timeZone: zone),
                "\(identifier) \(t)")
            let day = LocalDay(date: Date(timeIntervalSince1970: t), timeZone: zone)
            let s = Int.random(in: 0..<86_400, using: &g)
            #expect(
                table.epoch(of: day, secondsSinceMidnight: s)
                    == day.instant(secondsSinceMidnight: s, in: zone).timeIntervalSince1970,
                "\(identifier) \(day) \(s)")
        }
    }

    @Test(
        "around the Berlin DST changes the days switch at local midnight",
        arguments: [
            ("2026-03-28T22:59:59Z", "2026-03-28"), ("2026-03-28T23:00:00Z", "2026-03-29"),
            ("2026-10-24T21:59:59Z", "2026-10-24"), ("2026-10-24T22:00:00Z", "2026-10-25"),
            ("2026-10-25T22:59:59Z", "2026-10-25"), ("2026-10-25T23:00:00Z", "2026-10-26"),
        ])
    func berlin(instant: String, day: String) {
        let table = ZoneDays(
            zone: Fx.berlinZone,
            spanning: [Fx.at("2026-01-01T00:00:00Z"), Fx.at("2026-12-31T00:00:00Z")])
        #expect(table.day(of: Fx.at(instant)) == Fx.day(day))
    }

    @Test("an empty span falls back to asking the zone")
    func empty() {
        let table = ZoneDays(zone: Fx.berlinZone, spanning: [Instant]())
        #expect(table.day(of: Fx.at("2026-03-29T00:30:00+01:00")) == Fx.day("2026-03-29"))
    }
}

extension ZoneDaysTests {
    @Test(
        "zones with ordinary DST rules are tabulated, not looked up one by one",
        arguments: ["Europe/Berlin", "America/New_York", "UTC"])
    func tabulated(identifier: String) {
        let table = ZoneDays(
            zone: TimeZone(identifier: identifier)!,
            spanning: [Fx.at("2024-01-01T00:00:00Z"), Fx.at("2027-01-01T00:00:00Z")])
        #expect(table.isTabulated)
    }
}
