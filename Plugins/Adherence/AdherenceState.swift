import CoachKit
import Foundation

/// What adherence carries: the running sum and count of the adherence of every past session
/// dated on or before a day (for the all-time mean), and whether they can be continued exactly.
public struct AdherenceState: Codable, Sendable, Equatable {
    public var sum: Double
    public var count: Int
    /// False when a session on or before the day is linked to a workout that was not on file on
    /// or before it: a later write could change that session, so the state is never used.
    public var exact: Bool

    /// Days of plan and workouts adherence reads besides the state: the 28-day window counted
    /// from the earliest day it may be asked about, with a margin.
    public static let lookBack = 35
}

extension AdherenceMetric: StateCarrying {
    /// The all-time sum and count through `input.day`.
    public func carry(_ input: MetricInput) throws -> [UInt8]? {
        let id = Self.descriptor.id
        guard input.carriedStateDecodes(AdherenceState.self, for: id) else {
            throw CarriedStateError.malformed(provider: id)
        }
        let all = SessionAssessment.assess(
            sessions: input.plan, workouts: input.workouts, zone: input.zone,
            before: input.day.adding(days: 1), athlete: input.athlete)
        let state = Self.allTime(all, input: input)
        let known = Set(input.workouts.map(\.id))
        let dangling = input.plan.contains {
            $0.date <= input.day && $0.linkedWorkout.map { !known.contains($0) } == true
        }
        guard state.count > 0 || dangling else { return nil }
        return CarriedState.encode(
            AdherenceState(sum: state.sum, count: state.count, exact: state.exact && !dangling))
    }

    /// False when the state cannot be continued exactly, or a session of the window after it
    /// is linked to a workout outside the window.
    public func canEvaluate(_ input: MetricInput) -> Bool {
        let id = Self.descriptor.id
        guard input.carriedStateDecodes(AdherenceState.self, for: id) else { return false }
        guard let asOf = input.carriedAsOf, input.carried?.states[id] != nil else { return true }
        if input.carriedState(AdherenceState.self, for: id)?.exact == false { return false }
        let known = Set(input.workouts.map(\.id))
        return !input.plan.contains {
            $0.date > asOf && $0.linkedWorkout.map { !known.contains($0) } == true
        }
    }

    /// The sum and count of the adherence of every assessed session: the carried ones, then
    /// those of `all` after the carried day, in order (the sum a whole-history mean takes).
    static func allTime(_ all: [SessionAssessment], input: MetricInput) -> AdherenceState {
        let carried = input.carriedState(AdherenceState.self, for: descriptor.id)
        var s = carried ?? AdherenceState(sum: 0, count: 0, exact: true)
        let after = carried == nil ? nil : input.carriedAsOf
        for a in all where after.map({ a.session.date > $0 }) ?? true {
            s.sum += a.adherence
            s.count += 1
        }
        return s
    }
}
