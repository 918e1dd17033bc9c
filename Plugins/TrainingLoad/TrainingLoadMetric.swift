import CoachKit
import Foundation

/// Training load: TSS per day and the fitness/fatigue/form chart (CTL, ATL, TSB).
///
/// The score is today's CTL rounded. Values: `tss` (today), `ctl`, `atl` (end of today), `tsb`
/// (form going into today), `tsb_after` (form at the end of today), `ramp` (CTL change over seven
/// days). Series `ctl`, `atl`, `tsb` and `tss` run from the first day of history to today.
public struct TrainingLoadMetric: BuiltinMetricProvider, StateCarrying {
    public static let descriptor = MetricDescriptor(
        id: "training-load",
        name: "Training load",
        summary:
            "Fitness (CTL), fatigue (ATL) and form (TSB) from the TSS of every workout; the score is CTL.",
        version: "1.1.0",
        inputs: [InputRequirement(.workouts, days: nil)],
        range: .init(min: 0, max: 1000),
        unit: "TSS/day",
        bands: [
            MetricBand("Low", min: 0, max: 24, colour: "#A0AEC0"),
            MetricBand("Recreational", min: 25, max: 49, colour: "#63B3ED"),
            MetricBand("Trained", min: 50, max: 79, colour: "#38A169"),
            MetricBand("Well trained", min: 80, max: 109, colour: "#D69E2E"),
            MetricBand("Elite", min: 110, max: 1000, colour: "#805AD5"),
        ],
        carried: CarriedDeclaration(
            lookBack: PMCState.lookBack, summary: "CTL and ATL at the end of a day")
    )

    public init() {}

    /// CTL and ATL at the end of `input.day` (see `PMCState`).
    public func carry(_ input: MetricInput) throws -> [UInt8]? {
        let id = Self.descriptor.id
        guard input.carriedStateDecodes(PMCState.self, for: id) else {
            throw CarriedStateError.malformed(provider: id)
        }
        return PMCState.carry(input, carried: input.carriedState(PMCState.self, for: id))
            .map(CarriedState.encode)
    }

    public func canEvaluate(_ input: MetricInput) -> Bool {
        input.carriedStateDecodes(PMCState.self, for: Self.descriptor.id)
    }

    public func evaluate(_ input: MetricInput) -> MetricResult {
        let id = Self.descriptor.id
        let carried = input.carriedState(PMCState.self, for: id)
        guard let (load, chart) = PerformanceChart.build(from: input, carried: carried) else {
            return .insufficient(
                id: id,
                reason:
                    "no workouts on or before \(input.day): training load needs at least one workout",
                values: [
                    "tss": nil, "ctl": nil, "atl": nil, "tsb": nil, "tsb_after": nil, "ramp": nil,
                    "days_tsb_below_10": nil, "days_tsb_below_30": nil,
                ])
        }
        let d = input.day
        let tss = load.tss(on: d)
        let ctl = chart.ctl(after: d), atl = chart.atl(after: d)
        let tsb = chart.tsb(on: d), after = chart.tsbAfter(d), ramp = chart.ramp(on: d)
        let score = MetricMath.round(ctl)
        let runs = FormRuns.through(d, chart: chart, start: carried?.runs ?? .zero)
        // A chart still climbing from 0 reads every steady athlete as deep in negative form.
        let settled =
            PerformanceChart.settlingDays(input.athlete.pmc).map {
                d.ordinal - load.historyStart.ordinal + 1 >= $0
            } ?? true
        let overreaching = settled && runs.sustained
        var components = load.lastDayWorkouts.map {
            MetricComponent($0.label, value: $0.tss, note: $0.note)
        }
        components += [
            MetricComponent("fitness (CTL)", value: ctl, note: "end of \(d)"),
            MetricComponent("fatigue (ATL)", value: atl, note: "end of \(d)"),
            MetricComponent(
                "form (TSB)", value: tsb,
                note: "going into \(d); \(MetricFormat.signed(after)) after it"),
            MetricComponent("ramp", value: ramp, note: "CTL change over 7 days"),
        ]
        let workouts = load.lastDayWorkouts.count
        let today =
            workouts == 0
            ? "rest day (0 TSS)"
            : "\(MetricFormat.fixed(tss)) TSS from \(workouts) workout\(workouts == 1 ? "" : "s")"
        let explanation =
            "Today: \(today). Fitness (CTL) \(MetricFormat.fixed(ctl)), fatigue (ATL) "
            + "\(MetricFormat.fixed(atl)); form going into the day (TSB) \(MetricFormat.signed(tsb)), "
            + "\(MetricFormat.signed(after)) after it; ramp \(MetricFormat.signed(ramp)) CTL over 7 days. "
            + "History since \(load.historyStart)."
            + (overreaching
                ? " Sustained overreaching: form under -10 for \(runs.below10) days in a row"
                    + (runs.below30 > 0 ? " (under -30 for \(runs.below30))" : "")
                    + "; plan recovery days." : "")
        var series: [String: [SeriesPoint]] = ["ctl": [], "atl": [], "tsb": [], "tss": []]
        for i in 0..<load.tss.count {
            let day = load.firstDay.adding(days: i)
            series["ctl"]!.append(SeriesPoint(day: day, value: chart.ctl[i]))
            series["atl"]!.append(SeriesPoint(day: day, value: chart.atl[i]))
            series["tsb"]!.append(SeriesPoint(day: day, value: chart.tsb(on: day)))
            series["tss"]!.append(SeriesPoint(day: day, value: load.tss[i]))
        }
        return MetricResult(
            id: id, status: .ok, score: score, band: Self.descriptor.band(for: score)?.label,
            values: [
                "tss": .number(tss), "ctl": .number(ctl), "atl": .number(atl), "tsb": .number(tsb),
                "tsb_after": .number(after), "ramp": .number(ramp),
                "days_tsb_below_10": .number(Double(runs.below10)),
                "days_tsb_below_30": .number(Double(runs.below30)),
            ],
            components: components, flags: overreaching ? ["sustained_overreaching"] : [],
            explanation: explanation, series: series)
    }
}
