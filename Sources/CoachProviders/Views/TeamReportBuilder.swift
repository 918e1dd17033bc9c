import CoachKit
import Foundation

/// Scores a roster's athletes on other cores while the caller decrypts the next one.
///
/// `add` hands one athlete's dataset to a worker and returns; at most `parallelism` datasets are
/// in flight, so memory stays bounded by a few athletes however large the roster is.
public final class TeamReportBuilder: @unchecked Sendable {
    // @unchecked Sendable: `rows` and `failure` are read and written only while holding `lock`;
    // the queue, group and semaphore are thread-safe, and the other properties are immutable.
    private let lock = NSLock()
    private var rows: [TeamRow] = []
    private var failure: (any Error)?
    private let queue = DispatchQueue(label: "coach.team", attributes: .concurrent)
    private let group = DispatchGroup()
    private let slots: DispatchSemaphore
    private let date: String?
    private let now: Date
    private let registry: ProviderRegistry

    /// - Parameters:
    ///   - date: the `--date` expression, or nil for each athlete's today.
    ///   - now: the current instant.
    ///   - parallelism: datasets scored at once (default: the number of cores).
    public init(
        date: String?, now: Date, parallelism: Int = ProcessInfo.processInfo.activeProcessorCount,
        registry: ProviderRegistry = .builtins
    ) {
        self.date = date
        self.now = now
        self.registry = registry
        slots = DispatchSemaphore(value: max(1, parallelism))
    }

    /// Queues one athlete; waits only when `parallelism` athletes are already being scored.
    public func add(_ dataset: AthleteDataset) {
        slots.wait()
        group.enter()
        queue.async { [self] in
            defer { slots.signal(); group.leave() }
            do {
                let moment = try ViewMoment.resolve(date, now: now, zone: dataset.athlete.zone)
                let row = try TeamRow(MetricEvaluation(dataset, registry: registry), at: moment)
                lock.withLock { rows.append(row) }
            } catch {
                lock.withLock { if failure == nil { failure = error } }
            }
        }
    }

    /// Waits for every queued athlete and returns the report sorted by handle.
    ///
    /// - Throws: the first error any athlete raised (e.g. a `--date` in the future).
    public func finish() throws -> TeamReport {
        group.wait()
        return try lock.withLock {
            if let failure { throw failure }
            return TeamReport(rows: rows).sorted(by: .name)
        }
    }
}
