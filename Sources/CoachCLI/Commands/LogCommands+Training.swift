import ArgumentParser
import CoachApp
import CoachKit
import Foundation

extension LogCommand {
    struct WorkoutLog: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "workout", abstract: "Log a workout.",
            discussion: HelpExamples.logWorkout)
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: LogTarget
        @Option(help: "cycling, running, swimming, strength, walking or other.") var sport: String
        @Option(help: "Elapsed time, e.g. 1h30m or 1:30:00.") var duration: String
        @Option(help: "Session RPE 1–10.") var rpe: Int?
        @Option(help: "Training stress score from a device.") var tss: Double?
        @Option(help: "Normalized power in W.") var np: Double?
        @Option(help: "Average power in W.") var avgPower: Double?
        @Option(help: "Average heart rate in bpm.") var avgHr: Double?
        @Option(help: "Maximum heart rate in bpm.") var maxHr: Double?
        @Option(help: "e.g. 42km or 26.2mi.") var distance: String?
        @Option(parsing: .unconditional) var kcal: Double?
        @Option(help: "Start, HH:MM or \"YYYY-MM-DD HH:MM\" (default now, or noon for a past day).")
        var start: String?
        @Option var title: String?
        @Flag(help: "Store a duration longer than the sport plausibly lasts without asking.")
        var yes = false

        func run() throws {
            try guarded {
                let sport = try Sport.parse(sport)
                let reading = try DurationReading.read(duration)
                let seconds = try LongDuration.confirming(yes: yes) {
                    try reading.seconds(for: .workout(sport), as: .duration, confirmed: $0)
                }
                let ctx = try LogContext(global, target)
                var w = Workout(
                    id: ctx.newID(), start: try start.map(ctx.instant(parsing:)) ?? ctx.instant,
                    sport: sport)
                w.elapsedS = Double(seconds)
                w.rpe = rpe; w.tss = tss; w.npW = np; w.avgPowerW = avgPower; w.avgHrBpm = avgHr;
                w.maxHrBpm = maxHr
                w.distanceM = try distance.map {
                    try QuantityParser.metres($0, units: ctx.profile.units)
                }
                w.kcal = kcal; w.title = title; w.source = "manual"
                try w.validate()
                try ctx.save(w, id: w.id, kind: .workout, what: "\(w.sport.rawValue) workout")
            }
        }
    }

    struct Biometrics: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Log morning biometrics: HRV, resting HR, sleep…")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: LogTarget
        @Option(help: "HRV in ms.") var hrv: Double?
        @Option(help: "rmssd (default) or sdnn.") var hrvKind: String = "rmssd"
        @Option(help: "Resting heart rate in bpm.") var restHr: Double?
        @Option(help: "Sleep duration ending this morning, e.g. 7h30m.") var sleep: String?
        @Option(help: "Respiratory rate per minute.") var respRate: Double?
        @Option(help: "Blood oxygen in %.") var spo2: Double?
        @Option(
            parsing: .unconditional, help: "Wrist temperature deviation in °C, e.g. +0.3 or -0.2.")
        var wristTemp: Double?
        @Option(help: "Heart-rate recovery after one minute, in bpm.") var hrr: Double?
        @Option(
            help:
                "When measured: HH:MM on --date or \"YYYY-MM-DD HH:MM\" (default now, or noon for a past day)."
        )
        var time: String?
        @Flag(help: "Store a sleep longer than a night plausibly lasts without asking.")
        var yes = false

        func run() throws {
            try guarded {
                let sleepSeconds = try sleep.map { text in
                    let reading = try DurationReading.read(text)
                    return try LongDuration.confirming(yes: yes) {
                        try reading.seconds(for: .sleep, as: .sleep, confirmed: $0)
                    }
                }
                let ctx = try LogContext(global, target)
                let kind: BiometricSample.Kind
                switch hrvKind.lowercased() {
                case "rmssd": kind = .hrv_rmssd
                case "sdnn": kind = .hrv_sdnn
                default: throw CLIError.usage("--hrv-kind must be rmssd or sdnn")
                }
                let values: [(BiometricSample.Kind, Double?)] = [
                    (kind, hrv), (.resting_hr, restHr), (.respiratory_rate, respRate),
                    (.spo2, spo2), (.wrist_temp, wristTemp), (.hr_recovery, hrr),
                ]
                let at = try time.map(ctx.instant(parsing:)) ?? ctx.instant
                try ctx.requireOnDay(at, option: "--time")
                let samples = values.compactMap { k, v in
                    v.map {
                        BiometricSample(
                            id: ctx.newID(), time: at, type: k, value: $0, source: "manual")
                    }
                }
                var sleepRecord: SleepRecord?
                if let seconds = sleepSeconds {
                    let end = Instant(
                        date: ctx.day.instant(secondsSinceMidnight: 7 * 3600, in: ctx.profile.zone),
                        timeZone: ctx.profile.zone)
                    let startDate = end.date.addingTimeInterval(-Double(seconds))
                    sleepRecord = SleepRecord(
                        id: ctx.newID(),
                        start: Instant(date: startDate, timeZone: ctx.profile.zone), end: end,
                        stage: .asleep)
                    try sleepRecord?.validate()
                }
                guard !samples.isEmpty || sleepRecord != nil else {
                    throw CLIError.usage(
                        "give at least one of --hrv, --rest-hr, --sleep, --resp-rate, --spo2, --wrist-temp, --hrr"
                    )
                }
                for s in samples { try s.validate() }
                for s in samples {
                    try ctx.save(s, id: s.id, kind: .biometric, what: s.type.rawValue)
                }
                if let sleepRecord {
                    try ctx.save(sleepRecord, id: sleepRecord.id, kind: .sleep, what: "sleep")
                }
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show recent log entries.", discussion: HelpExamples.logShow)
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @Option(
            name: [.customShort("a"), .long], help: "The athlete (athlete users may omit it).",
            completion: .athletes) var athlete: String?
        @Option(help: "How many days back, the last day included.") var days: Int = 7
        @Option(
            parsing: .unconditional,
            help: "The last day shown: today (default), yesterday, -3d, mon or YYYY-MM-DD.")
        var date: String?
        @Option(help: "Only this kind: wellness, workout, biometric, sleep, food, steps, weight.")
        var kind: [String] = []

        func run() throws {
            try guarded {
                guard (1...3660).contains(days) else {
                    throw CoachKitError.outOfRange(field: "--days", range: "1–3660")
                }
                let kinds: [RecordKind] = try kind.map { try parseEnum($0, "kind") }
                let listing = try global.session().logListing(
                    athlete.map(Handle.init), kinds: kinds, days: days, date: date)
                if output.json {
                    print(try Render.json(listing.entries, shape: "log-show", key: "entries"));
                    return
                }
                let words = LogWords(listing.athlete.profile)
                print(
                    Render.table(
                        ["DAY", "KIND", "ID", "ENTRY"],
                        listing.entries.map {
                            [
                                $0.day, $0.kind.rawValue, listing.prefix(of: $0.id),
                                words.summary($0.kind, $0.entry),
                            ]
                        }))
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a log entry by id (or a unique prefix of it).")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @Option(
            name: [.customShort("a"), .long], help: "The athlete (athlete users may omit it).",
            completion: .athletes) var athlete: String?
        @Argument var id: String

        func run() throws {
            try guarded {
                let full = try global.session().removeLog(
                    RecordID(id), athlete: athlete.map(Handle.init))
                if output.json {
                    print(try Render.json(["removed": full.rawValue], shape: "log-removed")); return
                }
                print("Removed \(full).")
            }
        }
    }
}

/// One-line summaries of log entries for tables.
enum LogText {
    static func summary(_ e: LogEntry) -> String { summary(e.entry) }

    /// `key=value` pairs of an entry; seconds (`…_s`) read as durations, e.g. `elapsed=1h30m`.
    static func summary(_ entry: JSONValue) -> String {
        guard case .object(let o) = entry else { return "" }
        let skip: Set<String> = ["id", "day", "source", "samples"]
        return o.keys.sorted().filter { !skip.contains($0) }.compactMap { k in
            switch o[k]! {
            case .number(let n) where k.hasSuffix("_s") && n >= 1 && n < 1e7:
                return "\(k.dropLast(2))=\(DurationParser.format(Int(n.rounded())))"
            case .number(let n): return "\(k)=\(Render.number(n))"
            case .string(let s): return "\(k)=\(s)"
            case .object(let m):
                return "\(k)="
                    + m.keys.sorted().map { "\($0):\(m[$0].map(text) ?? "")" }.joined(
                        separator: ",")
            default: return nil
            }
        }.joined(separator: " ")
    }

    static func text(_ v: JSONValue) -> String {
        if case .number(let n) = v { return Render.number(n) }
        if case .string(let s) = v { return s }
        return ""
    }
}
