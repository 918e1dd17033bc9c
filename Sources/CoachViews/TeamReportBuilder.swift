import CoachKit
import CoachMetrics
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

    /// Queues one athlete's window after a carried state (see `RosterScorer.add`).
    public func add(_ dataset: AthleteDataset, carried: CarriedState?, id: AthleteID) {
        scorer.add(dataset, ref: id.rawValue, carried: carried, id: id)
    }

    /// Waits for every queued athlete and returns the report sorted by handle.
    ///
    /// - Throws: the first error any athlete raised (e.g. a day in the future).
    public func finish() throws -> TeamReport {
        TeamReport(rows: try scorer.finish()).sorted(by: .name)
    }

    /// Waits for every queued athlete and returns the report sorted by handle, scoring the
    /// athletes whose window could not answer exactly from their whole history.
    ///
    /// - Parameter wholeHistory: loads one athlete's whole history.
    /// - Throws: the first error any athlete raised (e.g. a day in the future).
    public func finish(wholeHistory: (AthleteID) throws -> AthleteDataset) throws -> TeamReport {
        var rows = try scorer.finish()
        let retry = scorer.needWholeHistory
        if !retry.isEmpty {
            for id in retry { scorer.add(try wholeHistory(id), ref: id.rawValue) }
            rows = try scorer.finish()
        }
        return TeamReport(rows: rows).sorted(by: .name)
    }
}
