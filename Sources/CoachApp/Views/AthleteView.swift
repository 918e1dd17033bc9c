import CoachKit
import CoachMetrics
import CoachStore
import CoachViews
import Foundation

/// One athlete's data decrypted once and ready to evaluate on the day a command looks at.
public struct AthleteView {
    /// The athlete as opened for this command.
    public let athlete: AthleteAccess
    /// Every provider's evaluation over the athlete's dataset.
    public let evaluation: MetricEvaluation
    /// The day looked at and "now" (nil "now" for a past day).
    public let moment: ViewMoment

    /// The athlete's display name.
    public var name: String { evaluation.index.profile.name }
}

extension AppSession {
    /// Opens the athlete once, decrypts their dataset through the same keys and resolves the day.
    ///
    /// - Parameters:
    ///   - handle: the athlete (nil for an athlete user's own).
    ///   - date: a day expression (`yesterday`, `-3d`, `YYYY-MM-DD`), nil for today.
    ///   - registry: the providers to evaluate (nil: the built-ins and the added plugins).
    public func athleteView(
        _ handle: Handle?, date: String?, registry: ProviderRegistry? = nil
    ) throws
        -> AthleteView
    {
        try athleteView(of: try athlete(handle), date: date, registry: registry)
    }

    /// `athleteView` of an athlete the command opened already, through the same keys.
    public func athleteView(
        of athlete: AthleteAccess, date: String?, registry: ProviderRegistry? = nil
    ) throws -> AthleteView {
        let dataset = try workspace.dataset(of: athlete)
        let moment = try ViewMoment.resolve(date, now: now, zone: dataset.athlete.zone)
        let evaluation = MetricEvaluation(
            dataset, registry: try registry ?? self.registry(), athleteRef: athlete.id.rawValue)
        return AthleteView(athlete: athlete, evaluation: evaluation, moment: moment)
    }

    /// Like `athleteView`, but reading only what the days from `back` days before the looked-at
    /// day through it depend on: the providers' states carried as of a recent month end and the
    /// records of the window after it (the whole history when the window cannot answer exactly).
    ///
    /// Every number equals the whole-history view's; only series that run over the whole
    /// history (training load's) start at the window.
    public func windowedView(
        _ handle: Handle?, date: String?, back: Int = 0, registry: ProviderRegistry? = nil
    ) throws -> AthleteView {
        let registry = try registry ?? self.registry()
        return try windowedView(
            of: try athlete(handle), date: date, back: back, registry: registry)
    }

    /// `windowedView` of an athlete the command opened already: the window and, when it cannot
    /// answer exactly, the whole history, both through the same keys.
    public func windowedView(
        of athlete: AthleteAccess, date: String?, back: Int = 0, registry: ProviderRegistry
    ) throws -> AthleteView {
        guard MetricEvaluation.canCarry(registry) else {
            return try athleteView(of: athlete, date: date, registry: registry)
        }
        let moment = try ViewMoment.resolve(date, now: now, zone: athlete.profile.zone)
        let first = moment.day.adding(days: -back)
        let window = try workspace.window(
            of: athlete, from: first, plan: .providers(registry))
        let evaluation = MetricEvaluation(
            window.dataset, registry: registry, athleteRef: athlete.id.rawValue,
            carried: window.carried)
        if evaluation.isExact(on: first) && evaluation.isExact(on: moment.day) {
            return AthleteView(athlete: athlete, evaluation: evaluation, moment: moment)
        }
        return try athleteView(of: athlete, date: date, registry: registry)
    }

    /// Every metric (or those of `providers`) of one athlete on one day.
    public func metrics(_ handle: Handle?, date: String?, providers: [String] = []) throws
        -> (view: AthleteView, results: [MetricResult])
    {
        let view = try windowedView(handle, date: date)
        let results = try view.evaluation.results(
            day: view.moment.day, now: view.moment.now, ids: providers)
        return (view, results)
    }

    /// One provider's full result, with its components and explanation.
    public func explain(_ provider: String, athlete handle: Handle?, date: String?) throws
        -> (view: AthleteView, result: MetricResult)
    {
        let view = try athleteView(handle, date: date)
        return (
            view, try view.evaluation.result(provider, day: view.moment.day, now: view.moment.now)
        )
    }

    /// The Today view of one athlete.
    public func dashboard(_ handle: Handle?, date: String?) throws -> Dashboard {
        let view = try windowedView(handle, date: date, back: 6)
        return try Dashboard(view.evaluation, at: view.moment)
    }

    /// Named series of one athlete over `days` days ending on the looked-at day.
    public func trend(_ handle: Handle?, date: String?, series: [String], days: Int) throws -> Trend
    {
        let view = try athleteView(handle, date: date)
        return try Trend(view.evaluation, names: series, days: days, at: view.moment)
    }

    /// The activity provider's result (steps against the goal) of one athlete.
    public func activity(_ handle: Handle?, date: String?) throws -> (
        view: AthleteView, result: MetricResult
    ) {
        try explain("activity", athlete: handle, date: date)
    }

    /// One row per athlete the user holds, each decrypted once and scored on their own today
    /// (or on `date`), sorted by handle.
    public func team(date: String?) throws -> TeamReport {
        let registry = try registry()
        // Every athlete will need the plugins: start them while the first windows decrypt.
        try pluginHostForCommand().prestart()
        let builder = TeamReportBuilder(date: date, now: now, registry: registry)
        guard MetricEvaluation.canCarry(registry) else {
            // A plugin that reads the whole history: every athlete's whole dataset.
            try workspace.forEachDataset(as: principal) { id, dataset in
                builder.add(dataset, ref: id.rawValue)
            }
            return try builder.finish()
        }
        let now = now
        let firstDay: @Sendable (AthleteProfile) throws -> LocalDay = {
            try ViewMoment.resolve(date, now: now, zone: $0.zone).day
        }
        // Windows are decrypted on every core, and scored on the builder's workers meanwhile.
        try workspace.forEachWindow(
            as: principal, plan: .providers(registry),
            parallelism: ProcessInfo.processInfo.activeProcessorCount, firstDay: firstDay
        ) { id, window in builder.add(window.dataset, carried: window.carried, id: id) }
        return try builder.finish { id in
            try workspace.dataset(of: try workspace.openAthlete(id: id, as: principal))
        }
    }
}
