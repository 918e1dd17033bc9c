import CoachKit
import CoachProviders
import CoachStore
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
        let athlete = try athlete(handle)
        let dataset = try workspace.dataset(of: athlete)
        let moment = try ViewMoment.resolve(date, now: now, zone: dataset.athlete.zone)
        let evaluation = MetricEvaluation(
            dataset, registry: try registry ?? self.registry(), athleteRef: athlete.id.rawValue)
        return AthleteView(athlete: athlete, evaluation: evaluation, moment: moment)
    }

    /// Every metric (or those of `providers`) of one athlete on one day.
    public func metrics(_ handle: Handle?, date: String?, providers: [String] = []) throws
        -> (view: AthleteView, results: [MetricResult])
    {
        let view = try athleteView(handle, date: date)
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
        let view = try athleteView(handle, date: date)
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
        let builder = TeamReportBuilder(date: date, now: now, registry: try registry())
        try workspace.forEachDataset(as: principal) { id, dataset in
            builder.add(dataset, ref: id.rawValue)
        }
        return try builder.finish()
    }
}
