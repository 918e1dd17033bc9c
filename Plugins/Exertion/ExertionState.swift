import CoachKit
import Foundation

/// What exertion carries from the days up to one day: the first day with an RPE workout and the
/// acute and chronic EWMAs at the end of the day.
public struct ExertionState: Codable, Sendable, Equatable {
    public var firstDay: LocalDay
    public var acute: Double
    public var chronic: Double

    /// Days of records exertion reads besides the state: the detraining rule's seven weeks,
    /// counted from the earliest day it may be asked about (eight days after the state).
    public static let lookBack = 50
}

extension ExertionMetric: StateCarrying {
    /// The first RPE day and the EWMAs at the end of `input.day`.
    public func carry(_ input: MetricInput) throws -> [UInt8]? {
        let id = Self.descriptor.id
        guard input.carriedStateDecodes(ExertionState.self, for: id) else {
            throw CarriedStateError.malformed(provider: id)
        }
        guard let load = Self.load(input) else { return nil }
        let (a, c) = load.ewma
        return CarriedState.encode(ExertionState(firstDay: load.firstDay, acute: a, chronic: c))
    }

    public func canEvaluate(_ input: MetricInput) -> Bool {
        input.carriedStateDecodes(ExertionState.self, for: Self.descriptor.id)
    }

    /// The session loads of `input`: over the whole history, or the window after a carried
    /// state continued from it.
    static func load(_ input: MetricInput) -> SessionLoad? {
        if let state = input.carriedState(ExertionState.self, for: descriptor.id),
            let asOf = input.carriedAsOf
        {
            return SessionLoad(
                workouts: input.workouts, zone: input.zone,
                window: asOf.adding(days: 1 - ExertionState.lookBack), through: input.day,
                carried: state, asOf: asOf)
        }
        return SessionLoad(workouts: input.workouts, zone: input.zone, through: input.day)
    }
}
