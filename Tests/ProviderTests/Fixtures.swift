import CoachKit
import Foundation

/// Small builders for test data; nothing here reads the clock.
enum Fx {
    static let berlin = "Europe/Berlin"
    static var berlinZone: TimeZone { TimeZone(identifier: berlin)! }

    static func day(_ text: String) -> LocalDay { LocalDay(text)! }

    static func at(_ text: String) -> Instant { Instant(text)! }

    /// The instant at `hour` (wall clock, fractional) of `day` in `zone`.
    static func at(_ day: LocalDay, hour: Double, zone: String = "UTC") -> Instant {
        let z = TimeZone(identifier: zone)!
        return Instant(
            date: day.instant(secondsSinceMidnight: Int(hour * 3600), in: z), timeZone: z)
    }

    static func workout(
        _ id: String, _ start: Instant, _ sport: Sport = .cycling,
        _ configure: (inout Workout) -> Void = { _ in }
    ) -> Workout {
        var w = Workout(id: id, start: start, sport: sport)
        configure(&w)
        return w
    }

    /// A workout with a recorded TSS at 07:00 of `day`.
    static func tssWorkout(_ day: LocalDay, _ tss: Double, zone: String = "UTC") -> Workout {
        workout("w-\(day)-\(tss)", at(day, hour: 7, zone: zone)) {
            $0.tss = tss; $0.elapsedS = 3600
        }
    }

    static func sample(_ type: BiometricSample.Kind, _ value: Double, _ time: Instant)
        -> BiometricSample
    {
        BiometricSample(id: "\(type.rawValue)-\(time)", time: time, type: type, value: value)
    }

    static func session(
        _ id: String, _ day: LocalDay, order: Int = 0, sport: Sport? = .cycling,
        _ configure: (inout PlannedSession) -> Void = { _ in }
    ) -> PlannedSession {
        var s = PlannedSession(id: id, date: day, order: order, title: "session \(id)")
        s.sport = sport
        configure(&s)
        return s
    }

    static func input(
        _ day: LocalDay, zone: String = "UTC", athlete: AthleteContext = AthleteContext(),
        _ configure: (inout MetricInput) -> Void = { _ in }
    ) -> MetricInput {
        var i = MetricInput(day: day, timeZone: zone, athlete: athlete)
        configure(&i)
        return i
    }

    /// Relative closeness, as the specification compares values.
    static func close(_ a: Double?, _ b: Double?, _ tolerance: Double = 1e-6) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a - b) <= tolerance * max(1, abs(a), abs(b))
    }
}
