import Foundation

/// A daily self-assessment: mood 1–5 and muscle soreness (DOMS 0–10) per group.
public struct WellnessEntry: Codable, Sendable, Equatable, Identifiable {
    public var id: String
    public var day: LocalDay
    public var mood: Int?
    public var doms: [MuscleGroup: Int]
    public var notes: String?
    /// The phone that sent it, for an entry a check-in device sent; nil for one typed here.
    public var origin: WellnessOrigin?

    public init(
        id: String, day: LocalDay, mood: Int? = nil, doms: [MuscleGroup: Int] = [:],
        notes: String? = nil, origin: WellnessOrigin? = nil
    ) {
        self.id = id; self.day = day; self.mood = mood; self.doms = doms; self.notes = notes
        self.origin = origin
    }

    enum CodingKeys: String, CodingKey { case id, day, mood, doms, notes, origin }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        day = try c.decode(LocalDay.self, forKey: .day)
        mood = try c.decodeIfPresent(Int.self, forKey: .mood)
        notes = try c.decodeIfPresent(String.self, forKey: .notes)
        origin = try c.decodeIfPresent(WellnessOrigin.self, forKey: .origin)
        let raw = try c.decodeIfPresent([String: Int].self, forKey: .doms) ?? [:]
        var map: [MuscleGroup: Int] = [:]
        for (k, v) in raw { map[try MuscleGroup.parse(k)] = v }
        doms = map
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(day, forKey: .day)
        try c.encodeIfPresent(mood, forKey: .mood)
        if !doms.isEmpty {
            try c.encode(
                Dictionary(uniqueKeysWithValues: doms.map { ($0.key.rawValue, $0.value) }),
                forKey: .doms)
        }
        try c.encodeIfPresent(notes, forKey: .notes)
        try c.encodeIfPresent(origin, forKey: .origin)
    }
}
