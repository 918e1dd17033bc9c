import CoachKit

/// A value the snapshot stores in compact binary form.
///
/// `write(to:)` and `init(compact:)` must handle the same fields in the same order.
/// `CompactCodingTests` (CoachCodecTests) round-trips a value of every type with every field set, and fails when
/// a type gains a field its fixture leaves empty, so a new model field cannot be dropped silently.
public protocol CompactCodable {
    /// Appends the value's fields to `w`, in the order `init(compact:)` reads them.
    func write(to w: inout CompactWriter)

    /// Reads a value written by `write(to:)`.
    ///
    /// - Throws: `CompactReader.Malformed` when the bytes end early or hold an unknown name.
    init(compact r: inout CompactReader) throws
}

extension LocalDay: CompactCodable {
    /// The ordinals of the days of years 1–9999 (0001-01-01 to 9999-12-31), what the text
    /// form of an instant holds.
    static let textRange = -719_162...2_932_896

    public func write(to w: inout CompactWriter) { w.int(ordinal) }

    /// Reads a day; one outside years 1–9999 is damage (found by the record-codec fuzz target:
    /// a week starting near `Int.max` overflowed finding its Monday).
    public init(compact r: inout CompactReader) throws {
        let ordinal = try r.int()
        guard Self.textRange.contains(ordinal) else { throw CompactReader.Malformed() }
        self.init(ordinal: ordinal)
    }
}

extension Instant: CompactCodable {
    public func write(to w: inout CompactWriter) {
        w.double(epochSeconds)
        w.int(offsetSeconds)
    }

    /// Reads an instant; one whose local time falls outside years 1–9999, or whose offset is a
    /// day or more, is damage (found by the record-codec fuzz target: `1e300` seconds crashed
    /// when printed).
    public init(compact r: inout CompactReader) throws {
        let seconds = try r.double()
        let offset = try r.int()
        guard seconds.isFinite, (-86_399...86_399).contains(offset) else {
            throw CompactReader.Malformed()
        }
        let local = seconds + Double(offset), days = LocalDay.textRange
        guard local >= Double(days.lowerBound) * 86_400,
            local < Double(days.upperBound + 1) * 86_400
        else { throw CompactReader.Malformed() }
        self.init(epochSeconds: seconds, offsetSeconds: offset)
    }
}

extension WellnessEntry: CompactCodable {
    public func write(to w: inout CompactWriter) {
        w.id(id)
        day.write(to: &w)
        w.int(mood)
        w.array(doms.sorted { $0.key < $1.key }) { w, e in
            w.string(e.key.rawValue); w.int(e.value)
        }
        // The notes' presence byte: bit 0 the notes, bit 1 an origin after them (so an entry
        // without an origin keeps the bytes it always had).
        w.flags((notes == nil ? 0 : 1) | (origin == nil ? 0 : 2))
        if let notes { w.string(notes) }
        if let origin {
            w.string(origin.device); w.string(origin.item); w.int(Int(origin.sentAt))
        }
    }

    public init(compact r: inout CompactReader) throws {
        self.init(id: try r.id(), day: try LocalDay(compact: &r), mood: try r.optionalInt())
        let levels = try r.array { r in
            (try r.enumeration(MuscleGroup.compactNames), try r.int())
        }
        for (muscle, value) in levels { doms[muscle] = value }
        let flags = try r.flags(max: 3)
        if flags & 1 != 0 { notes = try r.string() }
        if flags & 2 != 0 {
            origin = WellnessOrigin(
                device: try r.string(), item: try r.string(), sentAt: Int64(try r.int()))
        }
    }
}

extension Workout.Samples: CompactCodable {
    public func write(to w: inout CompactWriter) {
        w.double(intervalS)
        for stream in [powerW, hrBpm, speedMS] { w.array(stream) { $0.double($1) } }
    }

    public init(compact r: inout CompactReader) throws {
        let interval = try r.double()
        let streams = try (0..<3).map { _ in try r.array { try $0.optionalDouble() } }
        self.init(intervalS: interval, powerW: streams[0], hrBpm: streams[1], speedMS: streams[2])
    }
}

extension Workout: CompactCodable {
    public func write(to w: inout CompactWriter) {
        w.id(id)
        start.write(to: &w)
        w.string(sport.rawValue)
        for v in [elapsedS, movingS, distanceM] { w.double(v) }
        w.int(rpe)
        for v in [tss, avgPowerW, npW, avgHrBpm, maxHrBpm, kcal] { w.double(v) }
        w.string(title)
        w.string(source)
        w.optional(samples) { w, s in s.write(to: &w) }
    }

    public init(compact r: inout CompactReader) throws {
        self.init(
            id: try r.id(), start: try Instant(compact: &r),
            sport: try r.enumeration(Sport.compactNames))
        elapsedS = try r.optionalDouble(); movingS = try r.optionalDouble();
        distanceM = try r.optionalDouble()
        rpe = try r.optionalInt()
        tss = try r.optionalDouble(); avgPowerW = try r.optionalDouble();
        npW = try r.optionalDouble()
        avgHrBpm = try r.optionalDouble(); maxHrBpm = try r.optionalDouble();
        kcal = try r.optionalDouble()
        title = try r.optionalString()
        source = try r.optionalString()
        samples = try r.optional { try Samples(compact: &$0) }
    }
}

extension BiometricSample: CompactCodable {
    public func write(to w: inout CompactWriter) {
        w.id(id)
        time.write(to: &w)
        w.string(type.rawValue)
        w.double(value)
        w.string(source)
    }

    public init(compact r: inout CompactReader) throws {
        self.init(
            id: try r.id(), time: try Instant(compact: &r),
            type: try r.enumeration(Kind.compactNames), value: try r.double(),
            source: try r.optionalString())
    }
}

extension SleepRecord: CompactCodable {
    public func write(to w: inout CompactWriter) {
        w.id(id)
        start.write(to: &w)
        end.write(to: &w)
        w.string(stage.rawValue)
    }

    public init(compact r: inout CompactReader) throws {
        self.init(
            id: try r.id(), start: try Instant(compact: &r), end: try Instant(compact: &r),
            stage: try r.enumeration(Stage.compactNames))
    }
}

extension FoodEntry: CompactCodable {
    public func write(to w: inout CompactWriter) {
        w.id(id)
        time.write(to: &w)
        w.double(kcal)
        for v in [proteinG, carbsG, fatG] { w.double(v) }
        w.string(meal)
        w.string(note)
    }

    public init(compact r: inout CompactReader) throws {
        self.init(id: try r.id(), time: try Instant(compact: &r), kcal: try r.double())
        proteinG = try r.optionalDouble(); carbsG = try r.optionalDouble();
        fatG = try r.optionalDouble()
        meal = try r.optionalString()
        note = try r.optionalString()
    }
}

extension StepsDay: CompactCodable {
    public func write(to w: inout CompactWriter) {
        day.write(to: &w)
        w.int(steps)
        w.double(distanceM)
        w.double(activeKcal)
    }

    public init(compact r: inout CompactReader) throws {
        self.init(
            day: try LocalDay(compact: &r), steps: try r.int(), distanceM: try r.optionalDouble(),
            activeKcal: try r.optionalDouble())
    }
}

extension WeightEntry: CompactCodable {
    public func write(to w: inout CompactWriter) {
        w.id(id)
        time.write(to: &w)
        w.double(kg)
        w.double(bodyFatPct)
    }

    public init(compact r: inout CompactReader) throws {
        self.init(
            id: try r.id(), time: try Instant(compact: &r), kg: try r.double(),
            bodyFatPct: try r.optionalDouble())
    }
}

extension PlannedSession: CompactCodable {
    public func write(to w: inout CompactWriter) {
        w.id(id)
        date.write(to: &w)
        w.int(order)
        w.string(title)
        w.string(detail)
        w.string(notes)
        w.string(sport?.rawValue)
        w.double(plannedDurationS)
        w.double(plannedTss)
        w.array(targets) { $0.string($1.rawValue) }
        w.string(linkedWorkout)
        w.double(adherencePct)
        w.string(origin.rawValue)
        w.string(time)
    }

    public init(compact r: inout CompactReader) throws {
        let id = try r.id(), date = try LocalDay(compact: &r), order = try r.int(),
            title = try r.string()
        let detail = try r.optionalString(), notes = try r.optionalString()
        let sport = try r.optional { try $0.enumeration(Sport.compactNames) }
        self.init(id: id, date: date, order: order, title: title)
        self.detail = detail; self.notes = notes; self.sport = sport
        plannedDurationS = try r.optionalDouble()
        plannedTss = try r.optionalDouble()
        targets = try r.array { try $0.enumeration(MuscleGroup.compactNames) }
        linkedWorkout = try r.optionalString()
        adherencePct = try r.optionalDouble()
        origin = try r.enumeration(Origin.self)
        time = try r.optionalString()
    }
}

extension ProgramWeek: CompactCodable {
    public func write(to w: inout CompactWriter) {
        w.id(id)
        start.write(to: &w)
        w.string(title)
        w.string(notes)
        w.array(sessions) { w, s in s.write(to: &w) }
    }

    public init(compact r: inout CompactReader) throws {
        self.init(
            id: try r.id(), start: try LocalDay(compact: &r), title: try r.optionalString(),
            notes: try r.optionalString(),
            sessions: try r.array { try PlannedSession(compact: &$0) })
    }
}
