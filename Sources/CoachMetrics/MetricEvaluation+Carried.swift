import CoachKit
import Foundation

extension MetricEvaluation {
    /// Whether every provider of `registry` that reads a whole history can carry a state, so an
    /// evaluation may read a window after a carried state instead of the whole history.
    public static func canCarry(_ registry: ProviderRegistry) -> Bool {
        registry.providers.allSatisfy { provider in
            let d = provider.descriptor
            return !d.inputs.contains { $0.days == nil }
                || (d.carried != nil && provider is any StateCarrying)
        }
    }

    /// The first day whose records an evaluation from a state carried as of `asOf` reads, when
    /// the days evaluated start at `firstDay`: the carrying providers' look-back before the
    /// state, and every other provider's window before the first day (sleep one night earlier).
    public static func windowStart(
        asOf: LocalDay, firstDay: LocalDay, registry: ProviderRegistry = .builtins
    ) -> LocalDay {
        var start = asOf.adding(days: 1)
        for provider in registry.providers {
            let d = provider.descriptor
            if let c = d.carried {
                start = min(start, asOf.adding(days: 1 - c.lookBack))
            }
            for r in d.inputs {
                guard let days = r.days else { continue }
                start = min(start, firstDay.adding(days: -days - (r.kind == .sleep ? 1 : 0)))
            }
        }
        return start.adding(days: -1)
    }

    /// Whether this evaluation (of a window after a carried state) answers `day` exactly: the
    /// state covers the day and every carrying provider has what it needs in the window.
    public func isExact(on day: LocalDay) -> Bool {
        guard let carried else { return true }
        guard carried.covers(day), Self.canCarry(registry) else { return false }
        return registry.providers.allSatisfy { provider in
            guard let carrying = provider as? any StateCarrying else { return true }
            let input = MetricInput.make(
                descriptor: provider.descriptor, index: index, day: day, now: nil,
                carried: carried)
            return carrying.canEvaluate(input)
        }
    }

    /// Every carrying provider's state at the end of `day`.
    ///
    /// - Parameters:
    ///   - index: the whole history through `day`, or the window after `from` (as
    ///     `windowStart` gives for it).
    ///   - day: the day the new states are as of.
    ///   - from: the states to continue, carried as of an earlier day.
    /// - Throws: `CarriedStateError.malformed` when a state of `from` does not decode.
    public static func carry(
        _ index: IndexedDataset, through day: LocalDay, from: CarriedState? = nil,
        registry: ProviderRegistry = .builtins
    ) throws -> CarriedState {
        var out = CarriedState(asOf: day)
        for provider in registry.providers {
            guard let carrying = provider as? any StateCarrying else { continue }
            let input = MetricInput.make(
                descriptor: provider.descriptor, index: index, day: day, now: nil, carried: from)
            if let state = try carrying.carry(input) { out.states[provider.id] = state }
        }
        return out
    }
}
