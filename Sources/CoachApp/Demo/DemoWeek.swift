import CoachKit

/// One training day of a demo athlete's weekly template: what, how long, how hard and when.
struct DemoSlot: Sendable {
    /// The session's sport (a swimmer's dryland work is `.strength`).
    let sport: Sport
    /// Planned minutes; 0 is a rest day.
    let minutes: Int
    /// The session's intensity factor, which sets its TSS (hours · IF² · 100, swims IF³).
    let intensity: Double
    /// The local hour it starts.
    let hour: Int
    /// The title a coach would write in the plan.
    let title: String

    /// A rest day.
    static let rest = DemoSlot(sport: .other, minutes: 0, intensity: 0, hour: 0, title: "Rest")

    /// Whether this is one of the week's hard sessions (soreness the day after, sore targets).
    var isHard: Bool { intensity > 0.8 }
}

/// The demo athletes' weekly templates, Monday first, each fitting the athlete's sport: Monday
/// off, the hard sessions on Tuesday and Thursday evenings, the long one on Saturday.
enum DemoWeek {
    /// The template of an athlete who does `sports`: a swimmer swims and does dryland strength,
    /// a runner runs, anyone else with cycling rides and runs.
    static func template(for sports: [Sport]) -> [DemoSlot] {
        if sports.contains(.swimming) { return swimmer }
        if sports.contains(.cycling) { return cyclist }
        return runner
    }

    /// A cyclist who also runs (about 420 TSS a week).
    static let cyclist: [DemoSlot] = [
        .rest,
        DemoSlot(
            sport: .cycling, minutes: 75, intensity: 0.86, hour: 18, title: "Bike intervals 4x8 min"
        ),
        DemoSlot(sport: .running, minutes: 60, intensity: 0.72, hour: 7, title: "Endurance run"),
        DemoSlot(
            sport: .running, minutes: 60, intensity: 0.85, hour: 18, title: "Threshold run 3x10 min"
        ),
        DemoSlot(sport: .cycling, minutes: 45, intensity: 0.55, hour: 7, title: "Recovery spin"),
        DemoSlot(sport: .cycling, minutes: 150, intensity: 0.72, hour: 9, title: "Long ride"),
        DemoSlot(sport: .running, minutes: 75, intensity: 0.7, hour: 10, title: "Long easy run"),
    ]

    /// A marathon runner (about 400 TSS a week).
    static let runner: [DemoSlot] = [
        .rest,
        DemoSlot(
            sport: .running, minutes: 70, intensity: 0.86, hour: 18, title: "Interval run 6x1 km"),
        DemoSlot(sport: .running, minutes: 60, intensity: 0.7, hour: 7, title: "Easy run"),
        DemoSlot(
            sport: .running, minutes: 70, intensity: 0.84, hour: 18, title: "Threshold run 3x12 min"
        ),
        DemoSlot(sport: .running, minutes: 40, intensity: 0.62, hour: 7, title: "Recovery run"),
        DemoSlot(sport: .running, minutes: 120, intensity: 0.74, hour: 9, title: "Long run"),
        DemoSlot(sport: .running, minutes: 60, intensity: 0.7, hour: 10, title: "Easy run"),
    ]

    /// A 200 m freestyler: pool sessions and two dryland strength sessions (about 330 TSS).
    static let swimmer: [DemoSlot] = [
        .rest,
        DemoSlot(
            sport: .swimming, minutes: 90, intensity: 0.88, hour: 18, title: "Swim main set 8x200 m"
        ),
        DemoSlot(sport: .strength, minutes: 50, intensity: 0.6, hour: 7, title: "Dryland strength"),
        DemoSlot(
            sport: .swimming, minutes: 80, intensity: 0.9, hour: 18, title: "Swim race pace 12x50 m"
        ),
        DemoSlot(
            sport: .strength, minutes: 40, intensity: 0.5, hour: 7,
            title: "Dryland core and mobility"
        ),
        DemoSlot(
            sport: .swimming, minutes: 105, intensity: 0.78, hour: 9,
            title: "Aerobic endurance swim"),
        DemoSlot(sport: .swimming, minutes: 60, intensity: 0.7, hour: 10, title: "Technique swim"),
    ]
}
