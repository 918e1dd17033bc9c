import CoachKit
import Foundation

/// Evaluates providers for one athlete from a decrypted dataset.
///
/// The dataset is indexed once and every provider's input is cut from that index, so the cost
/// is one sort per athlete plus the providers' own work, however many days are evaluated.
public struct MetricEvaluation: Sendable {
    public let dataset: AthleteDataset
    public let index: IndexedDataset
    public let registry: ProviderRegistry
    /// The host's reference for the athlete, passed in every input's context; plugin adapters
    /// replace it with their own keyed reference before it leaves the process.
    public let athleteRef: String?
    /// States carried as of a day before the window `dataset` holds, or nil when `dataset` is
    /// the whole history.
    public let carried: CarriedState?

    /// An evaluation of `dataset` by the providers of `registry`.
    ///
    /// - Parameters:
    ///   - dataset: the whole history, or with `carried`, the records of the window after it
    ///     (from `windowStart(asOf:firstDay:registry:)` on).
    ///   - registry: the providers evaluated.
    ///   - athleteRef: the host's reference for the athlete, if any.
    ///   - carried: states carried as of a day before the window.
    public init(
        _ dataset: AthleteDataset, registry: ProviderRegistry = .builtins,
        athleteRef: String? = nil, carried: CarriedState? = nil
    ) {
        self.dataset = dataset
        index = IndexedDataset(dataset)
        self.registry = registry
        self.athleteRef = athleteRef
        self.carried = carried
    }

    /// The athlete's time zone.
    public var zone: TimeZone { index.zone }

    /// Results for `ids` (every provider of the registry when empty), in registry order.
    ///
    /// - Parameters:
    ///   - day: the athlete-local day evaluated.
    ///   - now: the current instant; for a past day pass `nil` (23:59:59 of that day is used).
    /// - Throws: `CoachKitError.unknownName` for an id no provider has.
    public func results(day: LocalDay, now: Date?, ids: [String] = []) throws -> [MetricResult] {
        try check(ids)
        if let carried, !carried.covers(day) {
            throw CarriedStateError.dayNotCovered(day: day, asOf: carried.asOf)
        }
        return registry.providers.filter { ids.isEmpty || ids.contains($0.id) }.map { provider in
            let descriptor = provider.descriptor
            let input = MetricInput.make(
                descriptor: descriptor, index: index, day: day, now: now, ref: athleteRef,
                carried: carried)
            let origin = (provider as? any ExternalMetricProvider)?.origin
            var result: MetricResult
            do {
                result = try provider.evaluate(input)
            } catch {
                // A provider that fails (a plugin that crashed) is one error row; the others still show.
                let reason =
                    (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
                result = MetricResult.failure(id: descriptor.id, reason: reason)
            }
            result.plugin = origin
            return result
        }
    }

    /// The result of one provider (which must be registered).
    public func result(_ id: String, day: LocalDay, now: Date?) throws -> MetricResult {
        try results(day: day, now: now, ids: [id])[0]
    }

    /// Refuses ids that no provider has, naming the valid ones.
    public func check(_ ids: [String]) throws {
        for id in ids where registry.provider(id: id) == nil {
            throw CoachKitError.unknownName(field: "provider", value: id, valid: registry.ids)
        }
    }

    /// Results for `ids` for one athlete on one day (see `results(day:now:ids:)`).
    public static func evaluate(
        _ dataset: AthleteDataset, day: LocalDay, now: Date?, ids: [String] = [],
        registry: ProviderRegistry = .builtins
    ) throws -> [MetricResult] {
        try MetricEvaluation(dataset, registry: registry).results(day: day, now: now, ids: ids)
    }
}
