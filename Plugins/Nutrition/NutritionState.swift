import CoachKit
import Foundation

/// What nutrition carries: the latest weight and the latest body fat logged on or before a day.
public struct NutritionState: Codable, Sendable, Equatable {
    public var kg: Double?
    public var kgDay: Int
    public var bf: Double?
    public var bfDay: Int

    public init(kg: Double? = nil, kgDay: Int = .min, bf: Double? = nil, bfDay: Int = .min) {
        self.kg = kg
        self.kgDay = kgDay
        self.bf = bf
        self.bfDay = bfDay
    }
}

extension NutritionMetric: StateCarrying {
    /// The latest weight and body fat on or before `input.day`.
    public func carry(_ input: MetricInput) throws -> [UInt8]? {
        let id = Self.descriptor.id
        guard input.carriedStateDecodes(NutritionState.self, for: id) else {
            throw CarriedStateError.malformed(provider: id)
        }
        let last = Self.latest(
            Self.weights(input), through: input.day.ordinal, from: Self.carried(input))
        return last.kg == nil && last.bf == nil ? nil : CarriedState.encode(last)
    }

    public func canEvaluate(_ input: MetricInput) -> Bool {
        input.carriedStateDecodes(NutritionState.self, for: Self.descriptor.id)
    }

    /// The weights of `input` by local day and time, oldest first.
    static func weights(_ input: MetricInput) -> [(day: Int, t: Double, entry: WeightEntry)] {
        input.weight.map {
            (day: $0.time.day(in: input.zone).ordinal, t: $0.time.epochSeconds, entry: $0)
        }
        .sorted { ($0.day, $0.t) < ($1.day, $1.t) }
    }

    /// The carried state and its day, when one was given.
    static func carried(_ input: MetricInput) -> (state: NutritionState, asOf: Int)? {
        guard let state = input.carriedState(NutritionState.self, for: descriptor.id),
            let asOf = input.carriedAsOf
        else { return nil }
        return (state, asOf.ordinal)
    }

    /// The latest weight and body fat through day `x`: the carried ones, then the later entries
    /// (the last of a day wins; entries on or before the carried day are already in the state).
    static func latest(
        _ weights: [(day: Int, t: Double, entry: WeightEntry)], through x: Int,
        from carried: (state: NutritionState, asOf: Int)?
    ) -> NutritionState {
        var s = carried?.state ?? NutritionState()
        let after = carried?.asOf ?? .min
        for w in weights where w.day <= x && w.day > after {
            if w.day >= s.kgDay { s.kg = w.entry.kg; s.kgDay = w.day }
            if let b = w.entry.bodyFatPct, w.day >= s.bfDay { s.bf = b; s.bfDay = w.day }
        }
        return s
    }
}
