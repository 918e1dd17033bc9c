import Foundation

/// One training session that happened (as opposed to a planned one).
public struct Workout: Codable, Sendable, Equatable, Identifiable {
    /// Optional per-second (or per-interval) streams; `nil` entries are dropouts.
    public struct Samples: Codable, Sendable, Equatable {
        public var intervalS: Double
        public var powerW: [Double?]
        public var hrBpm: [Double?]
        public var speedMS: [Double?]
        public init(
            intervalS: Double = 1, powerW: [Double?] = [], hrBpm: [Double?] = [],
            speedMS: [Double?] = []
        ) {
            self.intervalS = intervalS; self.powerW = powerW; self.hrBpm = hrBpm;
            self.speedMS = speedMS
        }
        enum CodingKeys: String, CodingKey {
            case intervalS = "interval_s"
            case powerW = "power_w"
            case hrBpm = "hr_bpm"
            case speedMS = "speed_m_s"
        }
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            intervalS = try c.decodeIfPresent(Double.self, forKey: .intervalS) ?? 1
            powerW = try c.decodeIfPresent([Double?].self, forKey: .powerW) ?? []
            hrBpm = try c.decodeIfPresent([Double?].self, forKey: .hrBpm) ?? []
            speedMS = try c.decodeIfPresent([Double?].self, forKey: .speedMS) ?? []
        }
    }

    public var id: String
    public var start: Instant
    public var sport: Sport
    public var elapsedS: Double?
    public var movingS: Double?
    public var distanceM: Double?
    public var rpe: Int?
    public var tss: Double?
    public var avgPowerW: Double?
    public var npW: Double?
    public var avgHrBpm: Double?
    public var maxHrBpm: Double?
    public var kcal: Double?
    public var title: String?
    public var source: String?
    public var samples: Samples?

    public init(id: String, start: Instant, sport: Sport) {
        self.id = id; self.start = start; self.sport = sport
    }

    enum CodingKeys: String, CodingKey {
        case id, start, sport, rpe, tss, kcal, title, source, samples
        case elapsedS = "elapsed_s"
        case movingS = "moving_s"
        case distanceM = "distance_m"
        case avgPowerW = "avg_power_w"
        case npW = "np_w"
        case avgHrBpm = "avg_hr_bpm"
        case maxHrBpm = "max_hr_bpm"
    }
}
