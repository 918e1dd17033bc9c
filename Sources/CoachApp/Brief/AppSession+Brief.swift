import CoachKit
import CoachMetrics
import CoachViews
import Foundation

extension AppSession {
    /// The morning brief of one athlete.
    ///
    /// - Parameters:
    ///   - handle: the athlete (nil for the current one, or an athlete user's own).
    ///   - date: a day expression, nil for the athlete's today.
    public func brief(_ handle: Handle?, date: String?) throws -> Brief {
        let view = try windowedView(handle, date: date, back: 7)
        return Brief([try BriefEntry(view.evaluation, at: view.moment)])
    }

    /// The morning brief of every athlete the user holds, each decrypted once and looked at on
    /// their own today (or on `date`), as `team` does.
    public func teamBrief(date: String?) throws -> Brief {
        let registry = try registry()
        try pluginHostForCommand().prestart()
        let scorer = RosterScorer<BriefEntry>(date: date, now: now, registry: registry) {
            try BriefEntry($0, at: $1)
        }
        guard MetricEvaluation.canCarry(registry) else {
            try workspace.forEachDataset(as: principal) { id, dataset in
                scorer.add(dataset, ref: id.rawValue)
            }
            return Brief(try scorer.finish())
        }
        let now = now
        let firstDay: @Sendable (AthleteProfile) throws -> LocalDay = {
            try ViewMoment.resolve(date, now: now, zone: $0.zone).day.adding(days: -7)
        }
        try workspace.forEachWindow(
            as: principal, plan: .providers(registry),
            parallelism: ProcessInfo.processInfo.activeProcessorCount, firstDay: firstDay
        ) { id, window in
            scorer.add(window.dataset, ref: id.rawValue, carried: window.carried, id: id)
        }
        var entries = try scorer.finish()
        let retry = scorer.needWholeHistory
        if !retry.isEmpty {
            for id in retry {
                let athlete = try workspace.openAthlete(id: id, as: principal)
                scorer.add(try workspace.dataset(of: athlete), ref: id.rawValue)
            }
            entries = try scorer.finish()
        }
        return Brief(entries)
    }
}
