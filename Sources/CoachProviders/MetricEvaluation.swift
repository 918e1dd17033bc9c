import CoachKit
import Foundation

/// Evaluates providers for one athlete on one day from a decrypted dataset.
///
/// The dataset is indexed once and every provider's input is cut from that index, so the cost
/// is one sort per athlete plus the providers' own work.
public enum MetricEvaluation {
    /// Results for `ids` (every provider of `registry` when empty), in registry order.
    ///
    /// - Parameters:
    ///   - dataset: the athlete's whole data.
    ///   - day: the athlete-local day evaluated.
    ///   - now: the current instant; for a past day pass `nil` (23:59:59 of that day is used).
    /// - Throws: `CoachKitError.unknownName` for an id no provider has.
    public static func evaluate(_ dataset: AthleteDataset, day: LocalDay, now: Date?, ids: [String] = [],
                                registry: ProviderRegistry = .builtins) throws -> [MetricResult] {
        for id in ids where registry.provider(id: id) == nil {
            throw CoachKitError.unknownName(field: "provider", value: id, valid: registry.ids)
        }
        let index = IndexedDataset(dataset)
        return registry.providers.filter { ids.isEmpty || ids.contains($0.id) }.map { provider in
            provider.evaluate(MetricInput.make(descriptor: provider.descriptor, index: index, day: day, now: now))
        }
    }
}
