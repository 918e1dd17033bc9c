import Foundation

/// A program week: always Monday to Sunday, named by its Monday.
public struct ProgramWeek: Codable, Sendable, Equatable, Identifiable {
    public var id: String
    public var start: LocalDay
    public var title: String?
    public var notes: String?
    public var sessions: [PlannedSession]

    public init(
        id: String, start: LocalDay, title: String? = nil, notes: String? = nil,
        sessions: [PlannedSession] = []
    ) {
        self.id = id; self.start = start.monday; self.title = title; self.notes = notes;
        self.sessions = sessions
    }

    /// The seven days of the week, Monday first.
    public var days: [LocalDay] { (0..<7).map { start.adding(days: $0) } }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        start = try c.decode(LocalDay.self, forKey: .start)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        notes = try c.decodeIfPresent(String.self, forKey: .notes)
        sessions = try c.decodeIfPresent([PlannedSession].self, forKey: .sessions) ?? []
    }
}

/// One planned session on a day of a program week.
public struct PlannedSession: Codable, Sendable, Equatable, Identifiable {
    /// Who created the session.
    public enum Origin: String, Codable, Sendable { case coach, athlete, ai, `import` }

    public var id: String
    public var date: LocalDay
    public var order: Int
    public var title: String
    public var detail: String?
    public var notes: String?
    public var sport: Sport?
    public var plannedDurationS: Double?
    public var plannedTss: Double?
    public var targets: [MuscleGroup]
    public var linkedWorkout: String?
    public var adherencePct: Double?
    public var origin: Origin
    /// Local start time `HH:MM` when the session is timed; all-day when `nil`.
    public var time: String?

    public init(id: String, date: LocalDay, order: Int = 0, title: String, origin: Origin = .coach)
    {
        self.id = id; self.date = date; self.order = order; self.title = title; self.targets = [];
        self.origin = origin
    }

    enum CodingKeys: String, CodingKey {
        case id, date, order, title, detail, notes, sport, targets, origin, time
        case plannedDurationS = "planned_duration_s"
        case plannedTss = "planned_tss"
        case linkedWorkout = "linked_workout"
        case adherencePct = "adherence_pct"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        date = try c.decode(LocalDay.self, forKey: .date)
        order = try c.decodeIfPresent(Int.self, forKey: .order) ?? 0
        title = try c.decode(String.self, forKey: .title)
        detail = try c.decodeIfPresent(String.self, forKey: .detail)
        notes = try c.decodeIfPresent(String.self, forKey: .notes)
        sport = try c.decodeIfPresent(Sport.self, forKey: .sport)
        plannedDurationS = try c.decodeIfPresent(Double.self, forKey: .plannedDurationS)
        plannedTss = try c.decodeIfPresent(Double.self, forKey: .plannedTss)
        targets = try c.decodeIfPresent([MuscleGroup].self, forKey: .targets) ?? []
        linkedWorkout = try c.decodeIfPresent(String.self, forKey: .linkedWorkout)
        adherencePct = try c.decodeIfPresent(Double.self, forKey: .adherencePct)
        origin = try c.decodeIfPresent(Origin.self, forKey: .origin) ?? .coach
        time = try c.decodeIfPresent(String.self, forKey: .time)
    }
}
