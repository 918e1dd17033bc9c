import CoachKit
import CoachMetrics
import CoachStore
import Foundation

extension CarryPlan {
    /// The plan for `registry`'s providers: their versions tag the stored state, and
    /// `MetricEvaluation` cuts the windows and carries the states.
    public static func providers(_ registry: ProviderRegistry) -> CarryPlan {
        let tag =
            "carry/1;"
            + registry.providers.filter { $0 is any StateCarrying }
            .map { "\($0.id)@\($0.descriptor.version)" }.joined(separator: ",")
        return CarryPlan(
            tag: tag,
            windowStart: { asOf, firstDay in
                MetricEvaluation.windowStart(asOf: asOf, firstDay: firstDay, registry: registry)
            },
            carry: { dataset, day, from in
                try MetricEvaluation.carry(
                    IndexedDataset(dataset), through: day, from: from, registry: registry)
            })
    }
}
