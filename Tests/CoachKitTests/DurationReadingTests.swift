import CoachKit
import Foundation
import Testing

/// Issue 30, item 6: how a typed duration was read, its other reading, and the plausible
/// maximum of each activity.
@Suite struct DurationReadingTests {
    @Test(
        "Each notation is recognised, with the other reading a slip of notation suggests",
        arguments: [
            ("45:00", DurationReading.Notation.hoursMinutes, 162_000, 2700 as Int?),
            ("1:30", .hoursMinutes, 5400, 90),
            ("1:30:00", .hoursMinutesSeconds, 5400, nil),
            ("2700", .bareMinutes, 162_000, 2700),
            ("90", .bareMinutes, 5400, 90),
            ("30h", .units, 108_000, nil),
            ("1h 30m", .units, 5400, nil),
        ])
    func notation(
        text: String, notation: DurationReading.Notation, seconds: Int, other: Int?
    ) throws {
        let reading = try DurationReading.read(text)
        #expect(reading.notation == notation)
        #expect(reading.seconds == seconds)
        #expect(reading.otherReading == other)
    }

    @Test(
        "Each activity has its plausible maximum",
        arguments: [
            (TimedActivity.workout(.cycling), 16), (.workout(.running), 12),
            (.workout(.swimming), 6), (.workout(.strength), 4), (.workout(.walking), 14),
            (.workout(.other), 12), (.plannedSession(.swimming), 6), (.plannedSession(nil), 12),
            (.sleep, 16),
        ])
    func maxima(activity: TimedActivity, hours: Int) {
        #expect(activity.plausibleMaximum == hours * 3600)
    }

    @Test(
        "Up to the maximum a duration passes; beyond it, it is refused with the plausible other reading",
        arguments: [
            ("12h", TimedActivity.workout(.running), nil as Int?, false),
            ("12:00", .workout(.running), nil, false),
            ("12h1m", .workout(.running), nil, true),
            ("45:00", .workout(.running), 2700, true),
            ("2700", .workout(.running), 2700, true),
            ("30h", .workout(.running), nil, true),
            ("17h", .sleep, nil, true),
            // Beyond a sleep block's 24 hours the record's range check refuses it instead.
            ("25h", .sleep, nil, false),
            ("100:00", .workout(.running), 6000, true),
            // 5h of strength read as 5 minutes would be plausible, but 5h is no slip.
            ("5h", .workout(.strength), nil, true),
        ])
    func check(text: String, activity: TimedActivity, suggestion: Int?, refused: Bool) throws {
        let reading = try DurationReading.read(text)
        if !refused {
            #expect(
                try reading.seconds(for: activity, as: .duration, confirmed: false)
                    == reading.seconds)
            return
        }
        #expect(
            throws: ImplausibleDuration(
                reading: reading, activity: activity, parameter: .duration, suggestion: suggestion)
        ) {
            try reading.seconds(for: activity, as: .duration, confirmed: false)
        }
        #expect(
            try reading.seconds(for: activity, as: .duration, confirmed: true) == reading.seconds)
    }

    @Test("The refusal says how the text was read and what was probably meant")
    func wording() throws {
        let reading = try DurationReading.read("45:00")
        let error = ImplausibleDuration(
            reading: reading, activity: .workout(.running), parameter: .duration,
            suggestion: 2700)
        #expect(
            error.problemDescription
                == "duration 45:00 read as 45h (h:mm), longer than a running workout plausibly "
                + "lasts (at most 12h). Did you mean 45m?")
        #expect(error.category == .invalidData)
        let minutes = ImplausibleDuration(
            reading: try DurationReading.read("2700"), activity: .sleep, parameter: .sleep,
            suggestion: nil)
        #expect(
            minutes.problemDescription
                == "sleep 2700 read as 2700 minutes (45h), longer than a night's sleep plausibly "
                + "lasts (at most 16h)")
    }

    @Test("A log edit's duration is checked against the workout's sport unless confirmed")
    func logPatch() throws {
        let zone = try #require(TimeZone(identifier: "UTC"))
        let start = Instant(date: Date(timeIntervalSince1970: 1_790_000_000), timeZone: zone)
        var workout = Workout(id: "w1", start: start, sport: .running)
        workout.elapsedS = 3600
        let today = try #require(LocalDay("2026-09-30"))
        let ctx = LogPatchContext(units: .metric, zone: zone, today: today)
        var patch = LogPatch()
        patch.duration = "45:00"
        #expect(throws: ImplausibleDuration.self) { try patch.apply(to: &workout, ctx) }
        #expect(workout.elapsedS == 3600)
        patch.sport = "cycling"
        patch.duration = "15:00"
        _ = try patch.apply(to: &workout, ctx)
        #expect(workout.elapsedS == 54_000, "a 15-hour ride is plausible")
        patch.sport = nil
        patch.duration = "30h"
        patch.longDurationConfirmed = true
        _ = try patch.apply(to: &workout, ctx)
        #expect(workout.elapsedS == 108_000)
    }
}
