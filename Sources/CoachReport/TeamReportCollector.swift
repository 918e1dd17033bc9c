import CoachKit
import CoachMetrics
import CoachViews
import Foundation

/// Builds team-report entries on other cores while the caller decrypts the next athlete
/// (`RosterScorer`); the entries come back sorted by handle whatever order they finished in.
public struct TeamReportCollector: Sendable {
    private let scorer: RosterScorer<TeamReportEntry>

    /// - Parameters:
    ///   - date: a day expression for everyone, or nil for each athlete's today.
    ///   - now: the current instant.
    ///   - parallelism: datasets scored at once (default: the number of cores).
    public init(
        date: String?, now: Date, parallelism: Int = ProcessInfo.processInfo.activeProcessorCount,
        registry: ProviderRegistry = .builtins
    ) {
        scorer = RosterScorer(date: date, now: now, parallelism: parallelism, registry: registry) {
            try TeamReportEntry($0, at: $1)
        }
    }

    /// Queues one athlete; waits only when `parallelism` athletes are already being scored.
    public func add(_ dataset: AthleteDataset) { scorer.add(dataset) }

    /// Waits for every queued athlete and returns the entries sorted by handle.
    ///
    /// - Throws: the first error any athlete raised (e.g. a day in the future).
    public func finish() throws -> [TeamReportEntry] {
        try scorer.finish().sorted { $0.row.handle < $1.row.handle }
    }
}
