import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// The profile flags shared by `athlete add` and `athlete edit`.
struct ProfileOptions: ParsableArguments {
    @Option(help: "Full name.") var name: String?
    @Option var email: String?
    @Option(help: "YYYY-MM-DD.") var birthDate: String?
    @Option(help: "female, male or other.") var sex: String?
    @Option(help: "metric or imperial.") var units: String?
    @Option(help: "IANA time zone, e.g. Europe/Berlin.") var timeZone: String?
    @Option(help: "Comma-separated: cycling,running,swimming,strength,walking,other.") var sport:
        String?
    @Option(help: "Functional threshold power in W.") var ftp: Double?
    @Option(help: "Threshold pace, e.g. 4:30/km or 7:15/mi.") var thresholdPace: String?
    @Option(help: "Lactate-threshold heart rate in bpm.") var lthr: Double?
    @Option(help: "Critical swim speed, e.g. 1:45/100m.") var css: String?
    @Option(help: "Resting heart rate in bpm.") var restHr: Double?
    @Option(help: "Maximum heart rate in bpm.") var maxHr: Double?
    @Option(help: "Height, e.g. 168cm or 5'6\".") var height: String?
    @Option(help: "Weight, e.g. 61kg or 135lb.") var weight: String?
    @Option(help: "Body fat, e.g. 18%.") var bodyFat: String?
    @Option(help: "Waist circumference, e.g. 70cm.") var waist: String?
    @Option(help: "Hip circumference.") var hip: String?
    @Option(help: "Chest circumference.") var chest: String?
    @Option(help: "sedentary, light, moderate, very or extreme.") var activityLevel: String?
    @Option(help: "lose, maintain, gain or muscle.") var goal: String?
    @Option(help: "Planned weight change per week, e.g. -0.5kg.") var weeklyChange: String?
    @Option(help: "Target weight.") var targetWeight: String?
    @Option(help: "Target date, YYYY-MM-DD.") var targetDate: String?
    @Option(help: "mifflin or katch.") var bmrFormula: String?
    @Option(help: "static or training.") var targetMode: String?
    @Option(help: "PMC model: exponential or linear.") var pmcModel: String?
    @Option(help: "CTL time constant in days (default 42).") var ctlDays: Double?
    @Option(help: "ATL time constant in days (default 7).") var atlDays: Double?
    @Option(help: "Starting CTL.") var startCtl: Double?
    @Option(help: "Starting ATL.") var startAtl: Double?
    @Option(help: "Minutes a heart-rate sample counts as current (default 10).") var hrRecency: Int?
    @Option(help: "Allow AI-coach exports for this athlete: yes or no.") var aiConsent: String?

    /// Applies every given flag to `p`, parsing units in the athlete's unit system.
    func apply(to p: inout AthleteProfile) throws {
        if let name { p.name = name }
        if let email { p.email = email.isEmpty ? nil : email }
        if let birthDate {
            guard let d = LocalDay(birthDate) else { throw CoachKitError.invalidDay(birthDate) }
            p.birthDate = d
        }
        if let sex { p.sex = try Sex.parse(sex) }
        if let units { p.units = try parseEnum(units, "units") }
        if let timeZone { p.timeZone = timeZone }
        if let sport {
            p.sports = try sport.split(separator: ",").map { try Sport.parse(String($0)) }
        }
        if let ftp { p.thresholds.ftpW = ftp }
        if let thresholdPace {
            p.thresholds.thresholdPaceSPerKm = try Pace.secondsPerKm(thresholdPace, units: p.units)
        }
        if let lthr { p.thresholds.lthrBpm = lthr }
        if let css { p.thresholds.cssSPer100m = try Pace.secondsPer100m(css) }
        if let restHr { p.thresholds.restHrBpm = restHr }
        if let maxHr { p.thresholds.maxHrBpm = maxHr }
        if let height { p.heightCm = try QuantityParser.centimetres(height, units: p.units) }
        if let weight { p.weightKg = try QuantityParser.kilograms(weight, units: p.units) }
        if let bodyFat { p.bodyFatPct = try QuantityParser.percent(bodyFat) }
        if waist != nil || hip != nil || chest != nil {
            var m = p.measurementsCm ?? BodyMeasurements()
            if let waist { m.waist = try QuantityParser.centimetres(waist, units: p.units) }
            if let hip { m.hip = try QuantityParser.centimetres(hip, units: p.units) }
            if let chest { m.chest = try QuantityParser.centimetres(chest, units: p.units) }
            p.measurementsCm = m
        }
        if let activityLevel {
            p.nutrition.activityLevel = try parseEnum(activityLevel, "activity level")
        }
        if let goal { p.nutrition.goal = try parseEnum(goal, "goal") }
        if let weeklyChange {
            p.nutrition.weeklyChangeKg = try QuantityParser.kilograms(weeklyChange, units: p.units)
        }
        if let targetWeight {
            p.nutrition.targetWeightKg = try QuantityParser.kilograms(targetWeight, units: p.units)
        }
        if let targetDate {
            guard let d = LocalDay(targetDate) else { throw CoachKitError.invalidDay(targetDate) }
            p.nutrition.targetDate = d
        }
        if let bmrFormula { p.nutrition.bmrFormula = try parseEnum(bmrFormula, "BMR formula") }
        if let targetMode { p.nutrition.targetMode = try parseEnum(targetMode, "target mode") }
        if let pmcModel { p.pmc.model = try parseEnum(pmcModel, "PMC model") }
        if let ctlDays { p.pmc.ctlDays = try positive(ctlDays, "--ctl-days") }
        if let atlDays { p.pmc.atlDays = try positive(atlDays, "--atl-days") }
        if let startCtl { p.pmc.startCtl = startCtl }
        if let startAtl { p.pmc.startAtl = startAtl }
        if let hrRecency {
            p.activity.hrRecencyMin = Int(try positive(Double(hrRecency), "--hr-recency"))
        }
        if let aiConsent {
            switch aiConsent.lowercased() {
            case "yes", "true", "on": p.aiConsent = true
            case "no", "false", "off": p.aiConsent = false
            default: throw CLIError.usage("--ai-consent takes yes or no")
            }
        }
    }

    func positive(_ v: Double, _ flag: String) throws -> Double {
        guard v > 0, v <= 365 else {
            throw CoachKitError.outOfRange(field: .named(flag), range: "1–365")
        }
        return v
    }
}

/// Parses a `RawRepresentable` enum by its raw string, listing the valid values on failure.
func parseEnum<E: RawRepresentable & CaseIterable>(_ text: String, _ field: String) throws -> E
where E.RawValue == String {
    if let v = E(rawValue: text.lowercased()) { return v }
    throw CoachKitError.unknownName(
        field: .named(field), value: text, valid: E.allCases.map(\.rawValue))
}
