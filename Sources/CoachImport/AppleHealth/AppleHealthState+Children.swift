import CoachKit
import Foundation

extension AppleHealthState {
    /// Reads a record's children for the meal name (`meal` or `Meal`, whichever comes first).
    func readMeal(_ s: inout XMLScanner) throws -> String? {
        if s.selfClosing { try s.skipElement(); return nil }
        let top = s.depth - 1
        var meal: String?
        while true {
            let t = try s.next()
            if t == .endOfDocument || s.depth <= top { break }
            if t == .start, s.nameIs("MetadataEntry"), meal == nil,
                let key = try s.attribute("key"), key.lowercased() == "meal"
            {
                meal = try s.attribute("value")
            }
        }
        return meal
    }

    /// Reads an HRV record's beat list: instantaneous bpm at a time of day (`BeatList`).
    func readBeats(_ s: inout XMLScanner) throws -> [BeatList.Beat] {
        if s.selfClosing { try s.skipElement(); return [] }
        let top = s.depth - 1
        var beats: [BeatList.Beat] = []
        while true {
            let t = try s.next()
            if t == .endOfDocument || s.depth <= top { break }
            if t == .start, s.nameIs("InstantaneousBeatsPerMinute"),
                let r = try s.attributeRange("bpm"), let bpm = try s.boundedNumber(r, "bpm"),
                bpm > 0,
                let time = try s.attribute("time").flatMap(DateBytes.timeOfDay)
            {
                beats.append(BeatList.Beat(bpm: bpm, time: time))
            }
        }
        return beats
    }

    /// RMSSD of an HRV record's beat list (ms, from the beat timestamps), as a second sample.
    func emitBeatRMSSD(_ f: Fields, beats: [BeatList.Beat], _ sink: ImportSink) throws {
        guard let rmssd = BeatList.rmssd(beats) else { return }
        try sink.record(
            ImportedRecord(
                label: "HeartRateVariability beats",
                dedupeKey: "ah|rmssd|\(f.startRaw)|\(f.endRaw)",
                day: f.day,
                payload: .biometric(
                    BiometricSample(
                        id: "", time: f.start, type: .hrv_rmssd, value: rmssd,
                        source: f.source.isEmpty ? nil : f.source))))
    }

    mutating func addFood(_ f: Fields, value: Double, meal: String?) {
        let key = "\(f.source)|\(f.startRaw)"
        if food[key] == nil {
            food[key] = FoodAccumulator(time: f.start, day: f.day, startRaw: f.startRaw)
            foodOrder.append(key)
        }
        switch f.type {
        case .dietaryEnergy:
            food[key]!.kcal = (food[key]!.kcal ?? 0) + (AppleUnits.kcal(value, f.unit) ?? value)
        case .dietaryProtein: food[key]!.protein = (food[key]!.protein ?? 0) + value
        case .dietaryCarbs: food[key]!.carbs = (food[key]!.carbs ?? 0) + value
        case .dietaryFat: food[key]!.fat = (food[key]!.fat ?? 0) + value
        default: break
        }
        if let meal, food[key]!.meal == nil { food[key]!.meal = meal }
    }
}

/// The nutrients one source logged at one instant, gathered into one food entry.
struct FoodAccumulator {
    var time: Instant
    var day: LocalDay
    var startRaw: String
    var kcal: Double?
    var protein: Double?
    var carbs: Double?
    var fat: Double?
    var meal: String?
}

/// Cumulative quantities (steps, walking distance, active energy) summed per source per
/// clock hour (UTC hours, so the repeated hour of a DST change stays two hours).
struct HourlySums {
    enum Quantity: Int { case steps, distance, energy }
    struct Key: Hashable { var hour: Int; var quantity: Int; var day: Int }
    var sums: [Key: [String: Double]] = [:]

    mutating func add(_ q: Quantity, _ f: AppleHealthState.Fields, _ v: Double) {
        let k = Key(
            hour: Int((f.start.epochSeconds / 3600).rounded(.down)), quantity: q.rawValue,
            day: f.day.ordinal)
        sums[k, default: [:]][f.source, default: 0] += v
    }

    /// Per day: the sum over hours, in order, of the largest single-source total in that hour.
    func daily() -> [LocalDay: (steps: Double?, distance: Double?, energy: Double?)] {
        var out: [LocalDay: (steps: Double?, distance: Double?, energy: Double?)] = [:]
        // Hours in order, so the floating-point sums are the same on every run (a dictionary's
        // order is not, and a re-import must see the same totals to find nothing changed).
        let hours = sums.keys.sorted { ($0.hour, $0.quantity) < ($1.hour, $1.quantity) }
        for k in hours {
            let best = sums[k]!.values.max() ?? 0
            let day = LocalDay(ordinal: k.day)
            var e = out[day] ?? (nil, nil, nil)
            switch Quantity(rawValue: k.quantity)! {
            case .steps: e.steps = (e.steps ?? 0) + best
            case .distance: e.distance = (e.distance ?? 0) + best
            case .energy: e.energy = (e.energy ?? 0) + best
            }
            out[day] = e
        }
        return out
    }

    /// How many source records lost to another source in their hour (for the summary).
    var sourcesPerHour: Int { sums.values.reduce(0) { $0 + max(0, $1.count - 1) } }
}

/// Cycling power samples, kept compactly until the workouts they belong to are known.
struct PowerSamples {
    var times: [Int64] = []
    var watts: [Float] = []

    mutating func add(start: Double, end: Double, watts w: Double) {
        times.append(Int64(start.rounded(.down))); watts.append(Float(w))
    }
}
