import CoachKit
import Foundation

/// What an Apple Health import holds between elements: per-hour cumulative sums, food, weight,
/// wrist temperatures, power samples and workouts, all emitted at the end of the document.
struct AppleHealthState {
    let since: LocalDay?
    var cumulative = HourlySums()
    var food: [String: FoodAccumulator] = [:]
    var foodOrder: [String] = []
    var weights: [(key: String, time: Instant, day: LocalDay, kg: Double)] = []
    var bodyFat: [Double: Double] = [:]
    var wristTemps: [(key: String, time: Instant, day: LocalDay, celsius: Double)] = []
    var power = PowerSamples()
    var workouts: [PendingWorkout] = []

    init(since: LocalDay?) { self.since = since }

    /// The common attributes of a `Record`.
    struct Fields {
        var type: AppleHealthType
        var source: String
        var start: Instant
        var end: Instant
        var day: LocalDay
        var startRaw: String
        var endRaw: String
        var valueRange: Range<Int>?
        var unit: String
    }

    func date(_ s: inout XMLScanner, _ attr: StaticString, required: Bool) throws
        -> (Instant, LocalDay, String)?
    {
        guard let r = try s.attributeRange(attr) else {
            if required {
                throw s.error(.missingField, "a <\(s.nameString)> has no \(attr) attribute")
            }
            return nil
        }
        guard let (instant, day) = s.withBytes({ DateBytes.appleDate($0, r) }) else {
            throw s.error(.malformed, "\(attr) '\(s.string(r))' is not a date")
        }
        guard ImportBounds.accepts(epochSeconds: instant.epochSeconds) else {
            throw s.error(.malformed, "\(attr) '\(s.string(r))' \(ImportBounds.dateMessage)")
        }
        return (instant, day, s.string(r))
    }

    mutating func record(_ s: inout XMLScanner, _ sink: ImportSink) throws {
        guard let typeRange = try s.attributeRange("type") else {
            throw s.error(.missingField, "a <Record> has no type attribute")
        }
        let typeName = s.string(typeRange)
        guard let type = AppleHealthType.byName[typeName] else {
            try s.skipElement()
            sink.skip(AppleHealthType.shortName(typeName), reason: "a type coach does not use")
            return
        }
        let (start, day, startRaw) = try date(&s, "startDate", required: true)!
        let (end, _, endRaw) = try date(&s, "endDate", required: false) ?? (start, day, startRaw)
        if let since, day < since {
            try s.skipElement()
            sink.skip(type.label, reason: "before the first day asked for")
            return
        }
        let f = Fields(
            type: type, source: try s.attribute("sourceName") ?? "", start: start, end: end,
            day: day, startRaw: startRaw, endRaw: endRaw, valueRange: try s.attributeRange("value"),
            unit: try s.attribute("unit") ?? "")
        let value = try f.valueRange.flatMap { try s.boundedNumber($0, "value") }
        let span = end.epochSeconds - start.epochSeconds
        guard ImportBounds.accepts(span: span) else {
            throw s.error(.malformed, ImportBounds.spanMessage("a <Record>", seconds: span))
        }
        switch type {
        case .sleep:
            let raw = f.valueRange.map { s.decoded($0) } ?? ""
            try s.skipElement()
            guard let stage = AppleUnits.sleepStage(raw) else {
                sink.skip(type.label, reason: "an unknown sleep value")
                return
            }
            let key = "ah|sleep|\(startRaw)|\(endRaw)|\(stage.rawValue)"
            try sink.record(
                ImportedRecord(
                    label: type.label, dedupeKey: key, day: end.day(in: zone(end)),
                    payload: .sleep(SleepRecord(id: "", start: start, end: end, stage: stage))))
        case .hrvSDNN:
            let beats = try readBeats(&s)
            try emitBiometric(f, value: value, sink)
            try emitBeatRMSSD(f, beats: beats, sink)
        case .dietaryEnergy, .dietaryProtein, .dietaryCarbs, .dietaryFat:
            let meal = try readMeal(&s)
            guard let value else { sink.skip(type.label, reason: "no numeric value"); return }
            addFood(f, value: value, meal: meal)
            sink.merged(type.label, into: "food entries")
        default:
            try s.skipElement()
            guard let value else { sink.skip(type.label, reason: "no numeric value"); return }
            try simple(f, value: value, sink)
        }
    }

    func zone(_ i: Instant) -> TimeZone { TimeZone(secondsFromGMT: i.offsetSeconds) ?? .gmt }

    mutating func simple(_ f: Fields, value: Double, _ sink: ImportSink) throws {
        switch f.type {
        case .stepCount:
            cumulative.add(.steps, f, value)
            sink.merged(f.type.label, into: "daily steps")
        case .distanceWalkingRunning:
            guard let m = AppleUnits.metres(value, f.unit) else {
                sink.skip(f.type.label, reason: "an unknown unit '\(f.unit)'"); return
            }
            cumulative.add(.distance, f, m)
            sink.merged(f.type.label, into: "daily steps")
        case .activeEnergyBurned:
            guard let k = AppleUnits.kcal(value, f.unit) else {
                sink.skip(f.type.label, reason: "an unknown unit '\(f.unit)'"); return
            }
            cumulative.add(.energy, f, k)
            sink.merged(f.type.label, into: "daily steps")
        case .bodyMass:
            guard let kg = AppleUnits.kilograms(value, f.unit) else {
                sink.skip(f.type.label, reason: "an unknown unit '\(f.unit)'"); return
            }
            weights.append(("ah|weight|\(f.startRaw)|\(kg)", f.start, f.day, kg))
        case .bodyFat:
            bodyFat[f.start.epochSeconds] = AppleUnits.percent(value)
        case .wristTemperature:
            let c = f.unit == "degF" ? (value - 32) * 5 / 9 : value
            wristTemps.append(("ah|wrist|\(f.startRaw)|\(f.endRaw)|\(c)", f.start, f.day, c))
        case .cyclingPower:
            power.add(start: f.start.epochSeconds, end: f.end.epochSeconds, watts: value)
        default:
            try emitBiometric(f, value: value, sink)
        }
    }

    func emitBiometric(_ f: Fields, value: Double?, _ sink: ImportSink) throws {
        guard let kind = f.type.biometric, var v = value else {
            sink.skip(f.type.label, reason: "no numeric value")
            return
        }
        if kind == .spo2 { v = AppleUnits.percent(v) }
        let key = "ah|\(f.type.label)|\(f.startRaw)|\(f.endRaw)|\(v)"
        try sink.record(
            ImportedRecord(
                label: f.type.label, dedupeKey: key, day: f.day,
                payload: .biometric(
                    BiometricSample(
                        id: "", time: f.start, type: kind, value: v,
                        source: f.source.isEmpty ? nil : f.source))))
    }
}
