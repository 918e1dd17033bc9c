import Foundation

/// Applying a `LogPatch` to each kind of log entry: parse the typed values in the athlete's units
/// and zone, change only the given fields, then validate the whole entry against the
/// physiological ranges. Each function returns the athlete-local day the entry now belongs to.
extension LogPatch {
    /// Applies mood, soreness (merged into the existing groups), notes and day.
    /// - Throws: `CoachKitError` for an unparsable or out-of-range value.
    @discardableResult
    public func apply(to e: inout WellnessEntry, _ ctx: LogPatchContext) throws -> LocalDay {
        try check(kind: .wellness, entry: "a wellness entry")
        if let mood { e.mood = mood }
        for (group, level) in try MuscleGroup.parseLevels(doms) { e.doms[group] = level }
        // `note` and `notes` are one input spelled two ways.
        if let text = notes ?? note { e.notes = text }
        if let date { e.day = try Self.pastDay(date, ctx) }
        try e.validate()
        return e.day
    }

    /// Applies the workout fields; `--start` is a wall-clock time on the entry's (or `--date`'s) day.
    @discardableResult
    public func apply(to w: inout Workout, _ ctx: LogPatchContext) throws -> LocalDay {
        try check(kind: .workout, entry: "a workout")
        if let sport { w.sport = try Sport.parse(sport) }
        if let duration {
            w.elapsedS = Double(
                try DurationReading.read(duration).seconds(
                    for: .workout(w.sport), as: .duration, confirmed: longDurationConfirmed))
        }
        if let rpe { w.rpe = rpe }
        if let tss { w.tss = tss }
        if let np { w.npW = np }
        if let avgPower { w.avgPowerW = avgPower }
        if let avgHr { w.avgHrBpm = avgHr }
        if let maxHr { w.maxHrBpm = maxHr }
        if let distance { w.distanceM = try QuantityParser.metres(distance, units: ctx.units) }
        if let kcal { w.kcal = kcal }
        if let title { w.title = title }
        w.start = try retimed(w.start, at: start, ctx)
        try w.validate()
        return w.start.day(in: ctx.zone)
    }

    /// Applies a new value (through `--value` or the option of the sample's own type) and time.
    @discardableResult
    public func apply(to s: inout BiometricSample, _ ctx: LogPatchContext) throws -> LocalDay {
        let entry = "this \(s.type.rawValue) sample"
        try check(kind: .biometric, entry: entry)
        let own: Parameter
        switch s.type {
        case .hrv_sdnn, .hrv_rmssd: own = .hrv
        case .resting_hr: own = .restHr
        case .respiratory_rate: own = .respRate
        case .spo2: own = .spo2
        case .wrist_temp: own = .wristTemp
        case .hr_recovery: own = .hrr
        case .heart_rate: own = .value
        }
        let typed: [(Parameter, Double?)] = [
            (.hrv, hrv), (.restHr, restHr), (.respRate, respRate),
            (.spo2, spo2), (.wristTemp, wristTemp), (.hrr, hrr),
        ]
        for (option, v) in typed where v != nil && option != own {
            let valid =
                Set([Parameter.value, own]).sorted { $0.rawValue < $1.rawValue }
                + [.time, .date]
            throw CoachKitError.optionNotApplicable(option: option, entry: entry, valid: valid)
        }
        if let v = value ?? typed.first(where: { $0.0 == own })?.1 { s.value = v }
        s.time = try retimed(s.time, at: time, ctx)
        try s.validate()
        return s.time.day(in: ctx.zone)
    }

    /// Applies a new duration (the block keeps its end) and day (the block moves whole).
    @discardableResult
    public func apply(to r: inout SleepRecord, _ ctx: LogPatchContext) throws -> LocalDay {
        try check(kind: .sleep, entry: "a sleep block")
        let length = r.end.epochSeconds - r.start.epochSeconds
        let end = try retimed(r.end, at: nil, ctx)
        let seconds =
            try sleep.map {
                Double(
                    try DurationReading.read($0).seconds(
                        for: .sleep, as: .sleep, confirmed: longDurationConfirmed))
            } ?? length
        if end != r.end || seconds != length {
            r.end = end
            r.start = Instant(date: end.date.addingTimeInterval(-seconds), timeZone: ctx.zone)
        }
        try r.validate()
        return r.end.day(in: ctx.zone)
    }

    /// Applies energy, macros, meal, note and time.
    @discardableResult
    public func apply(to e: inout FoodEntry, _ ctx: LogPatchContext) throws -> LocalDay {
        try check(kind: .food, entry: "a food entry")
        if let kcal { e.kcal = kcal }
        if let protein { e.proteinG = protein }
        if let carbs { e.carbsG = carbs }
        if let fat { e.fatG = fat }
        if let meal { e.meal = meal.lowercased() }
        if let text = note ?? notes { e.note = text }
        e.time = try retimed(e.time, at: time, ctx)
        try e.validate()
        return e.time.day(in: ctx.zone)
    }

    /// Applies steps, walking distance and active energy (a steps day keeps its day: it is the id).
    @discardableResult
    public func apply(to d: inout StepsDay, _ ctx: LogPatchContext) throws -> LocalDay {
        try check(kind: .steps, entry: "a steps day")
        if let steps { d.steps = steps }
        if let distance { d.distanceM = try QuantityParser.metres(distance, units: ctx.units) }
        if let activeKcal { d.activeKcal = activeKcal }
        try d.validate()
        return d.day
    }

    /// Applies weight, body fat and time.
    @discardableResult
    public func apply(to e: inout WeightEntry, _ ctx: LogPatchContext) throws -> LocalDay {
        try check(kind: .weight, entry: "a weight entry")
        if let weight { e.kg = try QuantityParser.kilograms(weight, units: ctx.units) }
        if let bodyFat { e.bodyFatPct = try QuantityParser.percent(bodyFat) }
        e.time = try retimed(e.time, at: time, ctx)
        try e.validate()
        return e.time.day(in: ctx.zone)
    }

    /// `--date` as a day no later than today.
    static func pastDay(_ text: String, _ ctx: LogPatchContext) throws -> LocalDay {
        let day = try DayExpression.parse(text, today: ctx.today)
        guard day <= ctx.today else {
            throw CoachKitError.outOfRange(field: .parameter(.date), range: "today or earlier")
        }
        return day
    }

    /// `instant` moved by `--date` and/or set by a wall-clock `text`; unchanged (offset included)
    /// when neither is given.
    func retimed(_ instant: Instant, at text: String?, _ ctx: LogPatchContext) throws -> Instant {
        let current = instant.day(in: ctx.zone)
        let day = try date.map { try Self.pastDay($0, ctx) } ?? current
        if let text {
            let moved = try WallTime.parse(text, on: day, today: ctx.today, zone: ctx.zone)
            guard moved.day(in: ctx.zone) <= ctx.today else {
                throw CoachKitError.outOfRange(field: "the time", range: "today or earlier")
            }
            return moved
        }
        return day == current ? instant : WallTime.move(instant, to: day, zone: ctx.zone)
    }
}
