import AdherencePlugin
import CoachKit
import CoachMetrics
import CoachViews
import Foundation
import ReadinessPlugin
import SelfAssessmentPlugin

extension AthleteReportData {
    /// Days before the window the stress provider is read for, to draw the HRV band.
    static let bandDays = 30
    /// The provider results read for each day of the window.
    static let dailyIds = ["stress", "activity", "nutrition"]

    /// Gathers the report's numbers for the `days` days ending on `moment.day`.
    ///
    /// Each day is evaluated as it would have been on that day (so a point equals the metric of
    /// that day); the days run in parallel and land in day order. Training load comes from the
    /// provider's own daily series and readiness from its one-pass daily scores; steps, resting
    /// HR, sleep, mood and soreness are the logs
    /// themselves, read with the providers' rules (main sleep block, merged wellness entries).
    ///
    /// - Parameters:
    ///   - evaluation: the athlete's indexed data.
    ///   - moment: the last day of the window and its "now".
    ///   - days: the window length, 7–3660.
    /// - Throws: `CoachKitError.outOfRange` for a window outside 7–3660 days.
    public init(_ evaluation: MetricEvaluation, at moment: ViewMoment, days: Int) throws {
        guard (7...3660).contains(days) else {
            throw CoachKitError.outOfRange(field: "days", range: "7–3660")
        }
        let profile = evaluation.index.profile
        handle = profile.handle
        units = profile.units
        name = profile.name
        day = moment.day
        let first = moment.day.adding(days: 1 - days)
        self.days = (0..<days).map { first.adding(days: $0) }
        today = try evaluation.results(day: moment.day, now: moment.now)
        // The day's flags as the team table words them (providers' and the views' own).
        flags = TeamRow(evaluation, at: moment, results: today).flags
        bands = Dictionary(
            uniqueKeysWithValues: evaluation.registry.providers.map { ($0.id, $0.descriptor.bands) }
        )

        // Training load: the provider's series from the first day of history to the day.
        let load = today.first { $0.id == "training-load" }?.series ?? [:]
        func window(_ name: String) -> [Double?] {
            var byDay: [Int: Double] = [:]
            for p in load[name] ?? [] { if let v = p.value { byDay[p.day.ordinal] = v } }
            return (0..<days).map { byDay[first.ordinal + $0] }
        }
        (tss, ctl, atl, tsb) = (window("tss"), window("ctl"), window("atl"), window("tsb"))

        // Provider results day by day; the band needs stress for 30 days before the window.
        let lead = Self.bandDays
        let todayResults = today
        let daily: [[MetricResult]] = try ParallelMap.map(days + lead) { k in
            let d = first.adding(days: k - lead)
            if d == moment.day { return todayResults.filter { Self.dailyIds.contains($0.id) } }
            return try evaluation.results(
                day: d, now: nil, ids: k < lead ? ["stress"] : Self.dailyIds)
        }
        func result(_ k: Int, _ id: String) -> MetricResult? { daily[k].first { $0.id == id } }
        func ok(_ k: Int, _ id: String) -> MetricResult? {
            result(k, id).flatMap { $0.status == .ok ? $0 : nil }
        }
        let w = lead..<(lead + days)
        // Readiness: every day's score in one pass (equal to scoring each day on its own).
        let input = MetricInput.make(
            descriptor: ReadinessMetric.descriptor, index: evaluation.index,
            day: moment.day, now: moment.now)
        var scores: [Int: Double] = [:]
        for p in ReadinessMetric.dailyScores(input) {
            if let v = p.value { scores[p.day.ordinal] = v }
        }
        readiness = (0..<days).map { scores[first.ordinal + $0] }
        stress = w.map { k in ok(k, "stress")?.score.map(Double.init) }
        let readings = (0..<(days + lead)).map { result($0, "stress")?.number("hrv") }
        hrv = Array(readings[w])
        hrvBaseline = w.map { result($0, "stress")?.number("hrv_baseline") }
        var low: [Double?] = []
        var high: [Double?] = []
        for k in w {
            let past = readings[(k - lead)..<k].compactMap { $0 }
            if let base = hrvBaseline[k - lead], past.count >= 7, let robust = RobustBaseline(past)
            {
                let sd = max(robust.mad, 1) / 0.6745
                low.append(base - sd)
                high.append(base + sd)
            } else {
                low.append(nil)
                high.append(nil)
            }
        }
        (hrvLow, hrvHigh) = (low, high)
        stepGoal = w.map {
            ok($0, "activity")?.number("goal_today") ?? result($0, "activity")?.number("goal_today")
        }
        streak = w.map { ok($0, "activity")?.number("streak") }
        bonusDays = w.map { ok($0, "activity")?.number("bonus_days") }
        kcal = w.map { result($0, "nutrition")?.number("kcal_today") }
        protein = w.map { result($0, "nutrition")?.number("protein_today") }
        kcalTarget = w.map { result($0, "nutrition")?.number("kcal_target") }
        proteinTarget = w.map { result($0, "nutrition")?.number("protein_target") }
        lowEnergyAvailability = w.map {
            result($0, "nutrition")?.flags.contains("low_energy_availability") ?? false
        }

        let logs = Logs(evaluation.dataset, zone: evaluation.zone, days: self.days)
        steps = logs.steps
        restingHR = logs.restingHR
        sleepHours = logs.sleepHours
        mood = logs.mood
        soreness = logs.soreness
        sessions = Self.plan(evaluation, at: moment, first: first)
        weight = WeightTrend.on(
            moment.day, entries: evaluation.dataset.weight, zone: evaluation.zone)
        workouts = evaluation.dataset.workouts
            .map { ($0, $0.start.day(in: evaluation.zone)) }
            .filter { $0.1 >= first && $0.1 <= moment.day }
            .sorted { $0.0.start.epochSeconds > $1.0.start.epochSeconds }
            .map { w, d in
                WorkoutLine(
                    day: d, sport: w.sport, title: w.title, elapsedS: w.elapsedS,
                    distanceM: w.distanceM)
            }
    }

    /// The planned sessions of the window, with the assessment the plan views show
    /// (`SessionAssessment.asOf`: past sessions, and today's a workout already took; the
    /// others are still planned).
    static func plan(_ evaluation: MetricEvaluation, at moment: ViewMoment, first: LocalDay)
        -> [PlanCell]
    {
        let all = evaluation.dataset.weeks.flatMap(\.sessions)
        let byID = SessionAssessment.asOf(
            moment.day, sessions: all, workouts: evaluation.dataset.workouts,
            profile: evaluation.index.profile)
        return all.enumerated()
            .filter { $0.element.date >= first && $0.element.date <= moment.day }
            .sorted {
                ($0.element.date, $0.element.order, $0.offset) < (
                    $1.element.date, $1.element.order, $1.offset
                )
            }
            .map { _, s in
                guard let a = byID[s.id] else {
                    return PlanCell(day: s.date, title: s.title, state: .planned)
                }
                let state: PlanCell.State =
                    a.missed
                    ? .missed
                    : PlanCell.State(rawValue: a.compliance.rawValue) ?? .planned
                return PlanCell(day: s.date, title: s.title, state: state, adherence: a.adherence)
            }
    }
}

/// The logged values the report shows as they are, per day of the window.
private struct Logs {
    var steps: [Double?], restingHR: [Double?], sleepHours: [Double?], mood: [Int?],
        soreness: [[Int?]]

    init(_ dataset: AthleteDataset, zone: TimeZone, days: [LocalDay]) {
        let first = days.first!.ordinal
        let n = days.count
        func slot(_ d: LocalDay) -> Int? {
            d.ordinal - first >= 0 && d.ordinal - first < n ? d.ordinal - first : nil
        }
        steps = Array(repeating: nil, count: n)
        for s in dataset.steps { if let i = slot(s.day) { steps[i] = Double(s.steps) } }
        // The daily resting HR is the day's last reading (readiness's definition).
        var rest: [(t: Double, i: Int, v: Double)] = []
        for b in dataset.biometrics where b.type == .resting_hr && b.value.isFinite {
            if let i = slot(b.time.day(in: zone)) { rest.append((b.time.epochSeconds, i, b.value)) }
        }
        restingHR = Array(repeating: nil, count: n)
        for r in rest.sorted(by: { $0.t < $1.t }) { restingHR[r.i] = r.v }
        // Sleep: the main block of the night before each day, as readiness finds it.
        let blocks = SleepBlocks(dataset.sleep)
        sleepHours = days.map { d in
            blocks.mainBlock(before: d, zone: zone).map { ($0.upperBound - $0.lowerBound) / 3600 }
        }
        let merged = DayAssessment.merge(dataset.wellness.filter { slot($0.day) != nil })
        mood = days.map { merged[$0]?.mood }
        soreness = MuscleGroup.allCases.map { g in days.map { merged[$0]?.doms[g] } }
    }
}
