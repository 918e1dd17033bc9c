import CoachKit
import CoachProviders
import Foundation

/// Builds team-report entries on other cores while the caller decrypts the next athlete.
///
/// Works like `TeamReportBuilder`: at most `parallelism` datasets are in flight, and the entries
/// come back sorted by handle whatever order they finished in.
public final class TeamReportCollector: @unchecked Sendable {
    // @unchecked Sendable: `entries` and `failure` are read and written only while holding
    // `lock`; the queue, group and semaphore are thread-safe; the other properties are immutable.
    private let lock = NSLock()
    private var entries: [TeamReportEntry] = []
    private var failure: (any Error)?
    private let queue = DispatchQueue(label: "coach.report.team", attributes: .concurrent)
    private let group = DispatchGroup()
    private let slots: DispatchSemaphore
    private let date: String?
    private let now: Date
    private let registry: ProviderRegistry

    /// - Parameters:
    ///   - date: a day expression for everyone, or nil for each athlete's today.
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
            defer {
                slots.signal()
                group.leave()
            }
            do {
                let moment = try ViewMoment.resolve(date, now: now, zone: dataset.athlete.zone)
                let entry = try TeamReportEntry(
                    MetricEvaluation(dataset, registry: registry), at: moment)
                lock.withLock { entries.append(entry) }
            } catch {
                lock.withLock { if failure == nil { failure = error } }
            }
        }
    }

    /// Waits for every queued athlete and returns the entries sorted by handle.
    ///
    /// - Throws: the first error any athlete raised (e.g. a day in the future).
    public func finish() throws -> [TeamReportEntry] {
        group.wait()
        return try lock.withLock {
            if let failure { throw failure }
            return entries.sorted { $0.row.handle < $1.row.handle }
        }
    }
}
