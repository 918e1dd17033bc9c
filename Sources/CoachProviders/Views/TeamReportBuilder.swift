import CoachKit
import Foundation

/// Builds the team report: each athlete's `TeamRow`, scored on other cores (`RosterScorer`).
public struct TeamReportBuilder: Sendable {
    private let scorer: RosterScorer<TeamRow>

    /// - Parameters:
    ///   - date: a day expression for everyone, or nil for each athlete's today.
    ///   - now: the current instant.
    ///   - parallelism: datasets scored at once (default: the number of cores).
    ///   - registry: the providers evaluated (plugin metrics become the rows' `plugins`).
    public init(
        date: String?, now: Date, parallelism: Int = ProcessInfo.processInfo.activeProcessorCount,
        registry: ProviderRegistry = .builtins
    ) {
        scorer = RosterScorer(date: date, now: now, parallelism: parallelism, registry: registry) {
            try TeamRow($0, at: $1)
        }
    }

    /// Queues one athlete; waits only when `parallelism` athletes are already being scored.
    public func add(_ dataset: AthleteDataset, ref: String? = nil) {
        scorer.add(dataset, ref: ref)
    }

    /// Waits for every queued athlete and returns the report sorted by handle.
    ///
    /// - Throws: the first error any athlete raised (e.g. a day in the future).
    public func finish() throws -> TeamReport {
        TeamReport(rows: try scorer.finish()).sorted(by: .name)
    }
}
