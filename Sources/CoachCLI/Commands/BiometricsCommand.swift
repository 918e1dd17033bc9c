import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// `coach biometrics`: every biometric reading of the last days with its local time — HRV,
/// resting HR, heart-rate recovery, respiratory rate, SpO2, wrist temperature and heart rate.
struct BiometricsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "biometrics",
        abstract: "Biometric readings with their times: HRV, resting HR, SpO2, …")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: MetricsTarget
    @Option(help: "How many days back, the day itself included (default 7).") var days: Int = 7
    @Option(help: "Only these types, e.g. hrv_rmssd,resting_hr.") var type: String?
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            guard (1...3660).contains(days) else {
                throw CoachKitError.outOfRange(field: "--days", range: "1–3660")
            }
            let types: [BiometricSample.Kind] =
                try type.map {
                    try $0.split(separator: ",").map { try parseEnum(String($0), "biometric type") }
                } ?? []
            let view = try global.session().athleteView(target.handle, date: target.date)
            let (evaluation, moment) = (view.evaluation, view.moment)
            let zone = evaluation.zone
            let first = moment.day.adding(days: 1 - days)
            let samples = evaluation.dataset.biometrics.filter { s in
                let d = s.time.day(in: zone)
                return d >= first && d <= moment.day && (types.isEmpty || types.contains(s.type))
            }.sorted { DailyPhysiology.precedes($0, $1) }
            if output.json {
                print(try Render.json(samples, shape: "biometrics", key: "samples")); return
            }
            print(
                Terminal.bold(
                    "\(evaluation.index.profile.name) · biometrics, \(first) to \(moment.day)"))
            guard !samples.isEmpty else { print("No biometric readings in these days."); return }
            print(
                Render.table(
                    ["DAY", "TIME", "TYPE", "VALUE", "SOURCE"],
                    samples.map { s in
                        let t = s.time.secondsSinceMidnight(in: zone)
                        let clock = String(format: "%02d:%02d", t / 3600, t % 3600 / 60)
                        let digits = s.type == .wrist_temp ? 2 : 1
                        return [
                            s.time.day(in: zone).description, clock, s.type.rawValue,
                            Render.number(s.value, digits: digits) + " " + s.type.unit,
                            s.source ?? "",
                        ]
                    }))
        }
    }
}
