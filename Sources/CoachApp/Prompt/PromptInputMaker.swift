import CoachKit
import CoachMetrics
import CoachPrompt
import CoachStore
import CoachViews
import Foundation
import TrainingLoadPlugin

/// Gathers an export's input from data already loaded: the evaluation, the plan and the window.
///
/// Pure (no storage, no clock): a test builds the same input from a fixture dataset.
public enum PromptInputMaker {
    /// The input of an export made on `moment`.
    ///
    /// - Parameters:
    ///   - evaluation: every provider over the athlete's dataset.
    ///   - weeks: last, this and next week (`weeks(_:today:)`).
    ///   - moment: the day of the export and "now".
    ///   - days: the window of the trend table and the workout list.
    ///   - athleteRef: the athlete's opaque reference.
    ///   - exportRef: the export's opaque reference.
    public static func make(
        evaluation: MetricEvaluation, weeks: [PromptWeek], moment: ViewMoment, days: Int,
        athleteRef: String, exportRef: String
    ) throws -> PromptInput {
        let dataset = evaluation.dataset
        let zone = dataset.athlete.zone
        let today = moment.day
        let first = today.adding(days: -(days - 1))
        var daily: [PromptDay] = []
        let sleep = sleepHours(dataset.sleep, zone: zone)
        for back in stride(from: days - 1, through: 0, by: -1) {
            let day = today.adding(days: -back)
            let results = try evaluation.results(day: day, now: back == 0 ? moment.now : nil)
            daily.append(PromptDay(day: day, results: results, sleepHours: sleep[day]))
        }
        let context = AthleteContext(profile: dataset.athlete, day: today, ref: nil)
        let workouts = dataset.workouts
            .map { ($0, $0.start.day(in: zone)) }
            .filter { $0.1 >= first && $0.1 <= today }
            .sorted { ($0.1, $0.0.start, $0.0.id) < ($1.1, $1.0.start, $1.0.id) }
            .map { w, day -> PromptWorkout in
                let t = WorkoutStress.tss(of: w, athlete: context)
                return PromptWorkout(
                    workout: w, day: day, tss: t.method == nil ? nil : t.tss,
                    tssMethod: t.method?.rawValue)
            }
        let wellness = dataset.wellness.filter { $0.day >= first && $0.day <= today }.sorted {
            $0.day < $1.day
        }
        var input = PromptInput(
            profile: dataset.athlete, today: today, results: daily.last?.results ?? [],
            days: daily, weeks: weeks, workouts: workouts,
            wellness: wellness, lastLogged: lastLogged(dataset, zone: zone, upTo: today),
            athleteRef: athleteRef, exportRef: exportRef)
        input.privateTexts = privateTexts(dataset, weeks: weeks)
        return input
    }

    /// Every free text of the athlete's data a provider or a plan might quote.
    static func privateTexts(_ d: AthleteDataset, weeks: [PromptWeek]) -> [String] {
        let p = d.athlete
        let notes = [
            p.notes.goals, p.notes.strengths, p.notes.weaknesses, p.notes.equipment,
            p.notes.locations,
            p.notes.schedule,
        ]
        var texts = [p.name, p.handle, p.email] + notes
        texts += d.workouts.map(\.title) + d.wellness.map(\.notes) + d.food.map(\.note)
        texts += weeks.map(\.notes) + weeks.flatMap(\.sessions).map(\.session.notes)
        return texts.compactMap { $0 }
    }

    /// Last week, this week and next week from the plan report.
    public static func weeks(_ plan: PlanSnapshot, today: LocalDay) -> [PromptWeek] {
        let report = PlanReport(plan, today: today)
        let wanted: [(String, PlanReport.Week?)] = [
            ("last week", report.previous.first { $0.start == today.monday.adding(days: -7) }),
            ("this week", report.current),
            ("next week", report.upcoming.first { $0.start == today.monday.adding(days: 7) }),
        ]
        return wanted.compactMap { label, week in
            guard let week else { return nil }
            let sessions = week.days.flatMap(\.sessions).map {
                PromptSession(
                    session: $0.session, status: $0.status, adherence: $0.adherence,
                    compliance: $0.compliance)
            }
            return PromptWeek(
                label: label, start: week.start, title: week.title, notes: week.notes,
                adherence: week.scores.week, sessions: sessions)
        }
    }

    /// Hours asleep per athlete-local day the sleep ended on.
    static func sleepHours(_ records: [SleepRecord], zone: TimeZone) -> [LocalDay: Double] {
        var hours: [LocalDay: Double] = [:]
        for r in records where r.stage != .awake && r.stage != .in_bed {
            hours[r.end.day(in: zone), default: 0] +=
                (r.end.epochSeconds - r.start.epochSeconds) / 3600
        }
        return hours
    }

    /// The newest day on or before `upTo` each kind of data was logged.
    static func lastLogged(
        _ d: AthleteDataset, zone: TimeZone, upTo: LocalDay
    ) -> [String: LocalDay] {
        var last: [String: LocalDay] = [:]
        func note(_ key: String, _ day: LocalDay) {
            guard day <= upTo else { return }
            if let old = last[key], old >= day { return }
            last[key] = day
        }
        for b in d.biometrics {
            switch b.type {
            case .hrv_rmssd, .hrv_sdnn: note("hrv", b.time.day(in: zone))
            case .resting_hr: note("resting_hr", b.time.day(in: zone))
            default: break
            }
        }
        for s in d.sleep { note("sleep", s.end.day(in: zone)) }
        for w in d.wellness { note("wellness", w.day) }
        for w in d.workouts { note("workout", w.start.day(in: zone)) }
        for f in d.food { note("food", f.time.day(in: zone)) }
        for w in d.weight { note("weight", w.time.day(in: zone)) }
        for s in d.steps { note("steps", s.day) }
        return last
    }
}
