import CoachKit
import CoachMetrics
import Foundation

/// Scores a roster's athletes on other cores while the caller decrypts the next one.
///
/// `add` hands one athlete's dataset to a worker and returns; at most `parallelism` datasets are
/// in flight, so memory stays bounded by a few athletes however large the roster is. What a row
/// is (a team-table row, a report entry) is the caller's `score` function.
public final class RosterScorer<Row: Sendable>: Sendable {
    /// What the workers add to, in one checked lock.
    private struct Results {
        var rows: [Row] = []
        var failure: (any Error)?
        var windowsTooShort: [AthleteID] = []
    }

    private let results = LockedValue(Results())
    private let queue = DispatchQueue(label: "coach.roster", attributes: .concurrent)
    private let group = DispatchGroup()
    private let slots: DispatchSemaphore
    private let date: String?
    private let now: Date
    private let registry: ProviderRegistry
    private let score: @Sendable (MetricEvaluation, ViewMoment) throws -> Row

    /// - Parameters:
    ///   - date: a day expression for everyone, or nil for each athlete's today.
    ///   - now: the current instant.
    ///   - parallelism: datasets scored at once (default: the number of cores).
    ///   - registry: the providers evaluated.
    ///   - score: makes one athlete's row from their evaluation on their day.
    public init(
        date: String?, now: Date, parallelism: Int = ProcessInfo.processInfo.activeProcessorCount,
        registry: ProviderRegistry = .builtins,
        score: @escaping @Sendable (MetricEvaluation, ViewMoment) throws -> Row
    ) {
        self.date = date
        self.now = now
        self.registry = registry
        self.score = score
        slots = DispatchSemaphore(value: max(1, parallelism))
    }

    /// Queues one athlete; waits only when `parallelism` athletes are already being scored.
    ///
    /// - Parameters:
    ///   - dataset: the athlete's whole history, or with `carried` the window after it.
    ///   - ref: the host's reference for the athlete (see `MetricEvaluation`).
    ///   - carried: states carried as of a day before the window.
    ///   - id: the athlete, named in `windowsTooShort` when the window cannot answer exactly
    ///     (the caller then adds the whole history).
    public func add(
        _ dataset: AthleteDataset, ref: String? = nil, carried: CarriedState? = nil,
        id: AthleteID? = nil
    ) {
        slots.wait()
        group.enter()
        queue.async { [self] in
            defer {
                slots.signal()
                group.leave()
            }
            do {
                let moment = try ViewMoment.resolve(date, now: now, zone: dataset.athlete.zone)
                let evaluation = MetricEvaluation(
                    dataset, registry: registry, athleteRef: ref, carried: carried)
                if carried != nil, let id, !evaluation.isExact(on: moment.day) {
                    results.withLock { $0.windowsTooShort.append(id) }
                    return
                }
                let row = try score(evaluation, moment)
                results.withLock { $0.rows.append(row) }
            } catch {
                results.withLock { if $0.failure == nil { $0.failure = error } }
            }
        }
    }

    /// The athletes whose window could not answer exactly; call after `finish()`.
    public var needWholeHistory: [AthleteID] { results.withLock { $0.windowsTooShort } }

    /// Waits for every queued athlete and returns the rows in the order they finished.
    ///
    /// - Throws: the first error any athlete raised (e.g. a day in the future).
    public func finish() throws -> [Row] {
        group.wait()
        return try results.withLock {
            if let failure = $0.failure { throw failure }
            return $0.rows
        }
    }
}
