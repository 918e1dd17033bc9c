import CoachKit
import Foundation

extension ActivityMetric: StateCarrying {
    /// Days of steps activity reads besides the state: the seven weekly blocks of the chart,
    /// counted from the earliest day it may be asked about.
    static let lookBack = 50

    /// The streak, run and banked days with every day through `input.day` finished.
    public func carry(_ input: MetricInput) throws -> [UInt8]? {
        let id = Self.descriptor.id
        guard input.carriedStateDecodes(StepStreak.self, for: id) else {
            throw CarriedStateError.malformed(provider: id)
        }
        let settings = input.athlete.activity
        guard let first = settings.stepGoals.map(\.from).min(), first <= input.day else {
            return nil
        }
        return CarriedState.encode(
            StepStreak.finished(
                steps: Self.stepsByDay(input), settings: settings, through: input.day,
                from: Self.start(input)))
    }

    public func canEvaluate(_ input: MetricInput) -> Bool {
        input.carriedStateDecodes(StepStreak.self, for: Self.descriptor.id)
    }

    /// The carried state and its day, when one was given.
    static func start(_ input: MetricInput) -> (state: StepStreak, after: LocalDay)? {
        guard let state = input.carriedState(StepStreak.self, for: descriptor.id),
            let asOf = input.carriedAsOf
        else { return nil }
        return (state, asOf)
    }

    /// Steps per day ordinal through `input.day` (a later entry of a day wins).
    static func stepsByDay(_ input: MetricInput) -> [Int: Int] {
        var steps: [Int: Int] = [:]
        for s in input.steps where s.day <= input.day { steps[s.day.ordinal, default: 0] = s.steps }
        return steps
    }
}
