import CoachKit
import Foundation

/// Turns a FIT activity into workouts (one per session, so a multisport file gives several)
/// with their 1 Hz power, heart-rate and speed samples, plus an RMSSD sample from `hrv`
/// messages when the file carries beat intervals.
public struct FITImporter {
    /// The FIT epoch, 1989-12-31T00:00:00Z, in Unix seconds.
    public static let epoch: Double = 631_065_600

    /// The name errors and summaries use.
    public let file: String
    /// The zone used to write instants (FIT times are UTC).
    public let zone: TimeZone

    /// Creates an importer for `file`.
    public init(file: String, zone: TimeZone) { self.file = file; self.zone = zone }

    /// One 1 Hz-or-slower sample of a `record` message.
    struct Sample {
        var time: UInt32
        var power: Double?
        var hr: Double?
        var speed: Double?
    }

    /// A session's totals as the device wrote them.
    struct Session {
        var start: UInt32
        var elapsed: Double?
        var timer: Double?
        var distance: Double?
        var kcal: Double?
        var avgHr: Double?
        var maxHr: Double?
        var avgPower: Double?
        var sport: Sport
        var deviceNP: Double?
        var tss: Double?
    }

    /// What a decoded file holds.
    struct Activity {
        var sessions: [Session] = []
        var samples: [Sample] = []
        var rr: [Double] = []
        var laps = 0
    }

    func read(_ bytes: [UInt8]) throws -> Activity {
        var a = Activity()
        try FITDecoder(bytes: bytes, file: file).decode { (m: FITMessage) throws -> Void in
            switch m.global {
            case 20: a.samples.append(try sample(m))
            case 18: if let s = try session(m) { a.sessions.append(s) }
            case 19: a.laps += 1
            case 78:
                a.rr.append(
                    contentsOf: m.values(0).filter { ImportBounds.accepts($0) }.map { $0 / 1000 })
            default: break
            }
        }
        return a
    }

    /// Field `n` of `m`, refused (naming `field`) when out of `ImportBounds`.
    func bounded(_ m: FITMessage, _ n: UInt8, _ field: String) throws -> Double? {
        guard let x = m.value(n) else { return nil }
        guard ImportBounds.accepts(x) else {
            throw refusal(m, ImportBounds.numberMessage(field, "\(x)"))
        }
        return x
    }

    func refusal(_ m: FITMessage, _ message: String) -> ImportError {
        ImportError(
            file: file, position: .byte(Int64(m.start)), problem: .malformed, message: message)
    }

    func sample(_ m: FITMessage) throws -> Sample {
        let speed = try bounded(m, 73, "enhanced_speed") ?? bounded(m, 6, "speed")
        return Sample(
            time: m.timestamp, power: try bounded(m, 7, "power"),
            hr: try bounded(m, 3, "heart_rate"), speed: speed.map { $0 / 1000 })
    }

    func session(_ m: FITMessage) throws -> Session? {
        // A FIT time is a uint32 of seconds; any other value is refused, never converted.
        guard let start = m.value(2) else { return nil }
        guard start.isFinite, let first = UInt32(exactly: start) else {
            throw refusal(
                m, "start_time '\(start)' is not a FIT time (whole seconds, 0–4294967295)")
        }
        let elapsed = try bounded(m, 7, "total_elapsed_time").map { $0 / 1000 }
        if let elapsed, !ImportBounds.accepts(span: elapsed) {
            throw refusal(m, ImportBounds.spanMessage("a session", seconds: elapsed))
        }
        return Session(
            start: first, elapsed: elapsed,
            timer: try bounded(m, 8, "total_timer_time").map { $0 / 1000 },
            distance: try bounded(m, 9, "total_distance").map { $0 / 100 },
            kcal: try bounded(m, 11, "total_calories"), avgHr: try bounded(m, 16, "avg_heart_rate"),
            maxHr: try bounded(m, 17, "max_heart_rate"), avgPower: try bounded(m, 20, "avg_power"),
            sport: Self.sport(try bounded(m, 5, "sport")),
            deviceNP: try bounded(m, 34, "normalized_power"),
            tss: try bounded(m, 35, "training_stress_score").map { $0 / 10 })
    }

    static func sport(_ v: Double?) -> Sport {
        switch v.map({ Int($0.rounded(.towardZero)) }) {
        case 1: .running
        case 2: .cycling
        case 5: .swimming
        case 11, 17: .walking
        case 4, 10, 20: .strength
        default: .other
        }
    }

    /// Decodes `bytes` and hands its workouts (and HRV) to `sink`.
    ///
    /// - Throws: `ImportError` with the byte offset of the first problem; nothing is handed to
    ///   the sink from a file that fails.
    public func run(bytes: [UInt8], into sink: ImportSink) throws {
        let a = try read(bytes)
        guard !a.sessions.isEmpty else {
            throw ImportError(
                file: file, position: .file, problem: .missingField,
                message: "the FIT file holds no session (not an activity)")
        }
        var sorted = a.samples
        sorted.sort { $0.time < $1.time }
        for s in a.sessions {
            let w = workout(s, samples: sorted)
            try sink.record(
                ImportedRecord(
                    label: "FIT session", dedupeKey: ActivityKey.key(for: w),
                    day: w.start.day(in: zone), payload: .workout(w)))
        }
        for _ in 0..<a.laps { sink.merged("FIT lap", into: "session totals") }
        if let rmssd = Self.rmssd(a.rr), let first = a.sessions.first {
            let time = instant(first.start)
            try sink.record(
                ImportedRecord(
                    label: "FIT hrv", dedupeKey: "fit-hrv|\(first.start)", day: time.day(in: zone),
                    payload: .biometric(
                        BiometricSample(
                            id: "", time: time, type: .hrv_rmssd, value: rmssd, source: "FIT"))))
        }
        sink.progress(bytesRead: Int64(bytes.count))
    }

    func instant(_ fit: UInt32) -> Instant {
        let date = Date(timeIntervalSince1970: Double(fit) + Self.epoch)
        return Instant(date: date, timeZone: zone)
    }

    /// RMSSD in ms of RR intervals in seconds (artefacts outside 0.25–2.5 s left out).
    static func rmssd(_ rr: [Double]) -> Double? {
        let clean = rr.filter { $0 >= 0.25 && $0 <= 2.5 }
        guard clean.count >= 3 else { return nil }
        var sum = 0.0
        for i in 1..<clean.count {
            let d = (clean[i] - clean[i - 1]) * 1000
            sum += d * d
        }
        return ((sum / Double(clean.count - 1)).squareRoot() * 100).rounded() / 100
    }

    func workout(_ s: Session, samples: [Sample]) -> Workout {
        var w = Workout(id: "", start: instant(s.start), sport: s.sport)
        w.elapsedS = s.elapsed; w.movingS = s.timer; w.distanceM = s.distance
        w.kcal = s.kcal; w.avgHrBpm = s.avgHr; w.maxHrBpm = s.maxHr; w.avgPowerW = s.avgPower
        w.tss = s.tss; w.source = "FIT"
        let end = Double(s.start) + (s.elapsed ?? 0).rounded()
        let inside = samples.filter { $0.time >= s.start && Double($0.time) <= end }
        if !inside.isEmpty {
            w.samples = ActivitySamples.oneHertz(
                inside.map { (Double($0.time - s.start), $0.power, $0.hr, $0.speed) },
                durationS: s.elapsed)
            if let np = ActivitySamples.normalizedPower(
                w.samples!, durationS: s.elapsed, averageW: w.avgPowerW)
            {
                w.npW = np
            }
        }
        if w.npW == nil { w.npW = s.deviceNP }
        return w
    }
}
