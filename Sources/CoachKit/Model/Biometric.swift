import Foundation

/// One physiological measurement at an instant (HRV, resting HR, SpO2…).
public struct BiometricSample: Codable, Sendable, Equatable, Identifiable {
    /// What was measured; the unit is fixed per type (ms, bpm, /min, %, °C deviation).
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case hrv_sdnn, hrv_rmssd, resting_hr, heart_rate, respiratory_rate, spo2, wrist_temp,
            hr_recovery

        /// The unit values of this type are in.
        public var unit: String {
            switch self {
            case .hrv_sdnn, .hrv_rmssd: "ms"
            case .resting_hr, .heart_rate, .hr_recovery: "bpm"
            case .respiratory_rate: "/min"
            case .spo2: "%"
            case .wrist_temp: "°C"
            }
        }
    }

    public var id: String
    public var time: Instant
    public var type: Kind
    public var value: Double
    public var source: String?

    public init(id: String, time: Instant, type: Kind, value: Double, source: String? = nil) {
        self.id = id; self.time = time; self.type = type; self.value = value; self.source = source
    }
}

/// A block of sleep (or time in bed) with its stage.
public struct SleepRecord: Codable, Sendable, Equatable, Identifiable {
    public enum Stage: String, Codable, Sendable, CaseIterable {
        case asleep, core, deep, rem, awake, in_bed
    }
    public var id: String
    public var start: Instant
    public var end: Instant
    public var stage: Stage
    public init(id: String, start: Instant, end: Instant, stage: Stage) {
        self.id = id; self.start = start; self.end = end; self.stage = stage
    }
}
