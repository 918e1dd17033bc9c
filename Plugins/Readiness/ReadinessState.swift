import CoachKit
import Foundation
import TrainingLoadPlugin

/// The HRV / resting-HR smoothing carried from the days up to one day: the day's smoothed
/// adjustment (yesterday's, for the day after) and where the biometric history starts.
public struct PhysiologyState: Codable, Sendable, Equatable {
    /// The smoothed adjustment of the state's day (nil when the day did not qualify).
    public var previous: Double?
    /// The first day with HRV or resting heart rate.
    public var historyStart: LocalDay
}

/// What readiness carries: the training-load chart and the physiology smoothing.
public struct ReadinessState: Codable, Sendable, Equatable {
    public var pmc: PMCState?
    public var physiology: PhysiologyState?

    /// Days of records readiness reads besides the state: 28 days of baselines before the
    /// first day after the state, the night before them, and a margin.
    public static let lookBack = 35
}

extension ReadinessMetric: StateCarrying {
    /// The chart and the smoothing at the end of `input.day`.
    public func carry(_ input: MetricInput) throws -> [UInt8]? {
        let id = Self.descriptor.id
        guard input.carriedStateDecodes(ReadinessState.self, for: id) else {
            throw CarriedStateError.malformed(provider: id)
        }
        let carried = input.carriedState(ReadinessState.self, for: id)
        let pmc = PMCState.carry(input, carried: carried?.pmc)
        let phys = PhysiologyModifier(input: input, carried: carried?.physiology)
        let physiology = phys.firstDay.map {
            PhysiologyState(previous: phys.today.adjustment, historyStart: $0)
        }
        guard pmc != nil || physiology != nil else { return nil }
        return CarriedState.encode(ReadinessState(pmc: pmc, physiology: physiology))
    }

    public func canEvaluate(_ input: MetricInput) -> Bool {
        input.carriedStateDecodes(ReadinessState.self, for: Self.descriptor.id)
    }
}
