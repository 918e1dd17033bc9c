import CoachKit
import Foundation

/// Nutrition (0–100): how close logged energy and protein came to the day's targets.
///
/// Each day with food entries scores against its own targets (`EnergyTargets.dayScore`); the score
/// is the mean over the logged days of the last 7 (at least 3 needed). Energy availability —
/// (kcal − workout kcal) / fat-free mass — is the mean over the same days (`EnergyAvailability`);
/// when it is under 30 the score is capped at 49 (Off target), so the two never disagree, and
/// when it cannot be checked the result says why.
///
/// A day still in progress (`now` before its 23:59:59) is reported "so far": its intake appears
/// in `kcal_today` and `protein_today`, but the score and the energy-availability check use the
/// seven complete days before it, so breakfast does not read as a day of starving.
public struct NutritionMetric: BuiltinMetricProvider {
    public static let descriptor = MetricDescriptor(
        id: "nutrition",
        name: "Nutrition",
        summary:
            "Energy and protein against daily targets (BMR, activity, goal), mean of the logged days of the last week.",
        version: "1.2.0",
        inputs: [
            InputRequirement(.food, days: 8), InputRequirement(.workouts, days: 8),
            InputRequirement(.weight, days: nil),
        ],
        range: .init(min: 0, max: 100),
        unit: "points",
        bands: [
            MetricBand("Off target", min: 0, max: 49, colour: "#E53E3E"),
            MetricBand("Fair", min: 50, max: 69, colour: "#D69E2E"),
            MetricBand("Good", min: 70, max: 89, colour: "#38A169"),
            MetricBand("On target", min: 90, max: 100, colour: "#3182CE"),
        ],
        carried: CarriedDeclaration(
            lookBack: 1, summary: "the latest weight and body fat on or before a day")
    )

    /// The highest score while energy availability is low: the top of "Off target".
    public static let lowAvailabilityCap = 49

    public init() {}

    public func evaluate(_ input: MetricInput) -> MetricResult {
        let id = Self.descriptor.id
        let d = input.day.ordinal
        let zone = input.zone
        let inProgress = input.now < MetricInput.endOfDay(input.day, in: zone)
        let lastComplete = inProgress ? d - 1 : d
        var kcal: [Int: Double] = [:], protein: [Int: Double] = [:],
            workoutKcal: [Int: Double] = [:]
        for f in input.food {
            let x = f.time.day(in: zone).ordinal
            guard x <= d, x >= d - 7 else { continue }
            kcal[x, default: 0] += f.kcal
            protein[x, default: 0] += f.proteinG ?? 0
        }
        for w in input.workouts {
            let x = w.start.day(in: zone).ordinal
            if x <= d, x >= d - 7 { workoutKcal[x, default: 0] += WorkoutEnergy.kcal(w) }
        }
        let weights = Self.weights(input)
        func latest(_ x: Int) -> (kg: Double?, bf: Double?) {
            let last = Self.latest(weights, through: x, from: Self.carried(input))
            return (last.kg ?? input.athlete.weightKg, last.bf ?? input.athlete.bodyFatPct)
        }
        func targets(_ x: Int) -> Result<EnergyTargets, EnergyTargets.Missing> {
            let (kg, bf) = latest(x)
            return EnergyTargets.make(
                athlete: input.athlete, weightKg: kg, bodyFatPct: bf,
                workoutKcal: workoutKcal[x] ?? 0, day: LocalDay(ordinal: x))
        }
        let logged = (lastComplete - 6...lastComplete).filter { kcal[$0] != nil }
        var values: [String: MetricValue] = [
            "bmr": nil, "tdee": nil, "kcal_target": nil, "protein_target": nil,
            "kcal_today": MetricValue(kcal[d]), "protein_today": MetricValue(protein[d]),
            "days_logged": .number(Double(logged.count)), "energy_availability": nil,
        ]
        let today: EnergyTargets
        switch targets(d) {
        case .failure(let m): return .insufficient(id: id, reason: m.reason, values: values)
        case .success(let t): today = t
        }
        values["bmr"] = .number(today.bmr)
        values["tdee"] = .number(today.tdee)
        values["kcal_target"] = .number(today.kcalTarget)
        values["protein_target"] = .number(today.proteinTarget)

        var components: [MetricComponent] = []
        var scores: [Double] = []
        for x in logged {
            guard case .success(let t) = targets(x) else { continue }
            let s = t.dayScore(kcal: kcal[x]!, protein: protein[x]!)
            scores.append(s)
            components.append(
                MetricComponent(
                    LocalDay(ordinal: x).description, value: s, weight: 1,
                    note:
                        "\(MetricFormat.fixed(kcal[x]!, 0)) of \(MetricFormat.fixed(t.kcalTarget, 0)) kcal, "
                        + "\(MetricFormat.fixed(protein[x]!, 0)) of \(MetricFormat.fixed(t.proteinTarget, 0)) g protein"
                ))
        }
        if inProgress, let k = kcal[d] {
            components.append(
                MetricComponent(
                    "\(input.day) so far", value: k, weight: 0,
                    note:
                        "\(MetricFormat.fixed(k, 0)) kcal and \(MetricFormat.fixed(protein[d] ?? 0, 0)) g protein; "
                        + "the day is in progress and is not scored yet"))
        }
        var flags: [String] = today.floored ? ["target_floor"] : []
        let availability = EnergyAvailability.assess(
            days: logged, kcal: kcal, workoutKcal: workoutKcal, body: latest)
        var lowEA: Double?
        switch availability {
        case .checked(let mean, let days):
            values["energy_availability"] = .number(mean)
            if mean < EnergyAvailability.threshold {
                flags.append("low_energy_availability"); lowEA = mean
            }
            let each = days.map { "\(LocalDay(ordinal: $0.day)) \(MetricFormat.fixed($0.value))" }
            components.append(
                MetricComponent(
                    "energy availability", value: mean,
                    note: "kcal per kg fat-free mass, mean of \(days.count) days ("
                        + each.joined(separator: ", ") + "); under 30 is low"))
        case .notChecked(let reason):
            components.append(
                MetricComponent("energy availability", value: nil, note: "not checked: \(reason)"))
        }
        let basis =
            "BMR \(MetricFormat.fixed(today.bmr, 0)) (\(today.formula == .katch ? "Katch-McArdle" : "Mifflin-St Jeor"), "
            + "\(MetricFormat.fixed(today.weightKg)) kg) => TDEE \(MetricFormat.fixed(today.tdee, 0)); goal "
            + "\(MetricFormat.signed(today.goalAdjustment, 0)) kcal/day => target \(MetricFormat.fixed(today.kcalTarget, 0)) kcal"
            + (today.floored ? " (raised to the safety floor)" : "")
            + ", protein \(MetricFormat.fixed(today.proteinTarget, 0)) g."
        let period = inProgress ? "7 complete days before today" : "last 7 days"
        guard scores.count >= 3, let mean = MetricMath.mean(scores) else {
            return .insufficient(
                id: id, reason: "food logged on \(scores.count) of the \(period) (needs 3)",
                values: values, components: components)
        }
        let meanScore = MetricMath.round(MetricMath.clamp(mean, 0, 100))
        let score = lowEA == nil ? meanScore : min(meanScore, Self.lowAvailabilityCap)
        var text = basis
        if let k = kcal[d] {
            text +=
                " Today\(inProgress ? " so far" : "") \(MetricFormat.fixed(k, 0)) kcal and "
                + "\(MetricFormat.fixed(protein[d] ?? 0, 0)) g protein"
                + (inProgress ? " (not scored until the day is over)." : ".")
        } else {
            text += " Nothing logged today."
        }
        text +=
            " Mean of \(scores.count) logged days ("
            + scores.map { MetricFormat.fixed($0, 0) }.joined(separator: ", ")
            + ") => \(meanScore)."
        if let ea = lowEA {
            text +=
                " Energy availability over the \(period) was \(MetricFormat.fixed(ea)) kcal/kg FFM,"
                + " under 30: the score is capped at \(Self.lowAvailabilityCap) => \(score)."
        } else if case .notChecked(let reason) = availability {
            text += " Energy availability not checked: \(reason)."
        }
        return MetricResult(
            id: id, status: .ok, score: score, band: Self.descriptor.band(for: score)?.label,
            values: values, components: components, flags: flags, explanation: text)
    }
}
