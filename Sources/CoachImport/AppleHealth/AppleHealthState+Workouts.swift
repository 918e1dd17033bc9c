import CoachKit
import Foundation

/// A workout read from the export, waiting for the power samples that fall inside it.
struct PendingWorkout {
    var key: String
    var day: LocalDay
    var workout: Workout
    var end: Double
}

extension AppleHealthState {
    /// Reads a `Workout`: totals from its attributes (older exports) or from its
    /// `WorkoutStatistics` children (newer ones), whichever are present.
    mutating func workout(_ s: inout XMLScanner, _ sink: ImportSink) throws {
        let (start, day, startRaw) = try date(&s, "startDate", required: true)!
        let end = try date(&s, "endDate", required: false)?.0 ?? start
        let span = end.epochSeconds - start.epochSeconds
        guard ImportBounds.accepts(span: span) else {
            throw s.error(.malformed, ImportBounds.spanMessage("a <Workout>", seconds: span))
        }
        let activity = try s.attribute("workoutActivityType") ?? ""
        var w = Workout(id: "", start: start, sport: AppleUnits.sport(activity))
        w.source = try s.attribute("sourceName")
        w.title = AppleHealthType.shortName(
            activity.replacingOccurrences(of: "HKWorkoutActivityType", with: ""))
        if let r = try s.attributeRange("duration"), let v = try s.boundedNumber(r, "duration") {
            w.movingS = AppleUnits.seconds(v, try s.attribute("durationUnit") ?? "min")
        }
        w.elapsedS = end.epochSeconds - start.epochSeconds
        if let r = try s.attributeRange("totalDistance"),
            let v = try s.boundedNumber(r, "totalDistance"), v > 0
        {
            w.distanceM = AppleUnits.metres(v, try s.attribute("totalDistanceUnit") ?? "km")
        }
        if let r = try s.attributeRange("totalEnergyBurned"),
            let v = try s.boundedNumber(r, "totalEnergyBurned"), v > 0
        {
            w.kcal = AppleUnits.kcal(v, try s.attribute("totalEnergyBurnedUnit") ?? "kcal")
        }
        if !s.selfClosing {
            let top = s.depth - 1
            while true {
                let t = try s.next()
                if t == .endOfDocument || s.depth <= top { break }
                guard t == .start, s.depth == top + 2, s.nameIs("WorkoutStatistics") else {
                    continue
                }
                try statistic(&s, into: &w)
            }
        } else {
            try s.skipElement()
        }
        if let since, day < since {
            sink.skip("Workout", reason: "before the first day asked for")
            return
        }
        let key = "ah|workout|\(activity)|\(startRaw)|\(end.epochSeconds)"
        workouts.append(PendingWorkout(key: key, day: day, workout: w, end: end.epochSeconds))
    }

    private func statistic(_ s: inout XMLScanner, into w: inout Workout) throws {
        let type = AppleHealthType.shortName(try s.attribute("type") ?? "")
        let unit = try s.attribute("unit") ?? ""
        func value(_ a: StaticString) throws -> Double? {
            try s.attributeRange(a).flatMap { try s.boundedNumber($0, "\(a)") }
        }
        switch type {
        case "DistanceCycling", "DistanceWalkingRunning", "DistanceSwimming":
            if w.distanceM == nil, let v = try value("sum") {
                w.distanceM = AppleUnits.metres(v, unit)
            }
        case "ActiveEnergyBurned":
            if w.kcal == nil, let v = try value("sum") { w.kcal = AppleUnits.kcal(v, unit) }
        case "HeartRate":
            w.avgHrBpm = try value("average") ?? w.avgHrBpm
            w.maxHrBpm = try value("maximum") ?? w.maxHrBpm
        case "CyclingPower", "RunningPower":
            w.avgPowerW = try value("average") ?? w.avgPowerW
        default: break
        }
    }

    /// Emits everything held until the end: workouts (with their power samples), daily steps,
    /// weights, food entries and wrist temperatures.
    mutating func finish(_ sink: ImportSink) throws {
        try finishWorkouts(sink)
        for _ in 0..<cumulative.sourcesPerHour {
            sink.skip("StepCount/Distance/Energy", reason: "another source counted the same hour")
        }
        for (day, e) in cumulative.daily().sorted(by: { $0.key < $1.key }) {
            if let since, day < since { continue }
            guard let steps = e.steps else {
                sink.skip("daily activity", reason: "distance or energy on a day without steps")
                continue
            }
            let entry = StepsDay(
                day: day, steps: Int(steps.rounded()),
                distanceM: e.distance.map { ($0 * 10).rounded() / 10 },
                activeKcal: e.energy.map { ($0 * 10).rounded() / 10 })
            try sink.record(
                ImportedRecord(
                    label: "StepCount (daily)", dedupeKey: entry.id, day: day,
                    payload: .steps(entry)))
        }
        for w in weights {
            var entry = WeightEntry(id: "", time: w.time, kg: (w.kg * 100).rounded() / 100)
            entry.bodyFatPct = bodyFat.removeValue(forKey: w.time.epochSeconds)
            try sink.record(
                ImportedRecord(
                    label: "BodyMass", dedupeKey: w.key, day: w.day, payload: .weight(entry)))
        }
        for _ in bodyFat {
            sink.skip("BodyFatPercentage", reason: "no body mass measured at the same time")
        }
        try finishFood(sink)
        try finishWristTemperature(sink)
    }

    private mutating func finishWorkouts(_ sink: ImportSink) throws {
        let order = power.times.indices.sorted { power.times[$0] < power.times[$1] }
        var taken = [Bool](repeating: false, count: order.count)
        for p in workouts {
            var w = p.workout
            let start = Int64(w.start.epochSeconds.rounded(.down))
            let end = Int64(p.end.rounded(.down))
            var lo = 0, hi = order.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if power.times[order[mid]] < start { lo = mid + 1 } else { hi = mid }
            }
            var series = [Double?](repeating: nil, count: Int(max(0, end - start)) + 1)
            var count = 0
            var i = lo
            while i < order.count, power.times[order[i]] <= end {
                series[Int(power.times[order[i]] - start)] = Double(power.watts[order[i]])
                count += 1
                taken[i] = true
                i += 1
            }
            if count > 0 {
                let seconds = series.indices.filter { series[$0] != nil }
                series = SmartRecording.held(series, pauseGap: SmartRecording.pauseGap(seconds))
                let recorded = series.compactMap { $0 }  // time-weighted once held
                w.avgPowerW = w.avgPowerW ?? recorded.reduce(0, +) / Double(recorded.count)
                w.samples = Workout.Samples(intervalS: 1, powerW: series)
                if let s = PowerStream.resampled(series, intervalS: 1, durationS: w.elapsedS),
                    let np = PowerStream.normalizedPower(s)
                {
                    w.npW = (max(np, w.avgPowerW ?? 0) * 10).rounded() / 10  // NP >= average
                }
            }
            try sink.record(
                ImportedRecord(label: "Workout", dedupeKey: p.key, day: p.day, payload: .workout(w))
            )
        }
        for t in taken {
            if t {
                sink.merged("CyclingPower", into: "workout samples")
            } else {
                sink.skip("CyclingPower", reason: "outside any workout")
            }
        }
    }

    private func finishFood(_ sink: ImportSink) throws {
        for key in foodOrder {
            let f = food[key]!
            if let since, f.day < since { continue }
            guard let kcal = f.kcal else {
                sink.skip("food entry", reason: "nutrients without an energy value")
                continue
            }
            var entry = FoodEntry(id: "", time: f.time, kcal: (kcal * 10).rounded() / 10)
            entry.proteinG = f.protein.map { ($0 * 10).rounded() / 10 }
            entry.carbsG = f.carbs.map { ($0 * 10).rounded() / 10 }
            entry.fatG = f.fat.map { ($0 * 10).rounded() / 10 }
            if let meal = f.meal?.lowercased() {
                entry.meal = FoodEntry.meals.contains(meal) ? meal : "other"
            }
            try sink.record(
                ImportedRecord(
                    label: "DietaryEnergyConsumed (entries)", dedupeKey: "ah|food|\(key)",
                    day: f.day, payload: .food(entry)))
        }
    }

    /// Apple exports absolute sleeping wrist temperatures; coach stores the deviation from the
    /// median of up to 28 earlier nights (at least 3 are needed).
    private func finishWristTemperature(_ sink: ImportSink) throws {
        let sorted = wristTemps.sorted { $0.time < $1.time }
        for (i, t) in sorted.enumerated() {
            let earlier = sorted[max(0, i - 28)..<i].map(\.celsius).sorted()
            guard earlier.count >= 3 else {
                sink.skip(
                    "AppleSleepingWristTemperature", reason: "fewer than 3 earlier nights")
                continue
            }
            let mid = earlier.count / 2
            let median =
                earlier.count % 2 == 1 ? earlier[mid] : (earlier[mid - 1] + earlier[mid]) / 2
            let dev = ((t.celsius - median) * 100).rounded() / 100
            try sink.record(
                ImportedRecord(
                    label: "AppleSleepingWristTemperature", dedupeKey: t.key, day: t.day,
                    payload: .biometric(
                        BiometricSample(id: "", time: t.time, type: .wrist_temp, value: dev))))
        }
    }
}
