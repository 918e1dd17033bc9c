import CoachKit
import Foundation

/// How a workout's training stress score was obtained, in order of preference.
public enum TSSMethod: String, Codable, Sendable, CaseIterable {
    /// Recorded by the device or file, or entered by hand.
    case device
    /// From power and FTP (Normalized Power, or average power as an estimate).
    case power
    /// From average pace against threshold pace (running) or CSS (swimming).
    case pace
    /// From heart rate: Banister TRIMP scaled to one hour at threshold heart rate.
    case heartRate = "heart_rate"
    /// From the session RPE; an estimate.
    case rpe
}

/// The training stress of one workout, with how it was worked out.
public struct WorkoutTSS: Sendable, Equatable {
    public var workoutID: String
    /// The workout's title, else its sport.
    public var label: String
    /// Training stress score; 0 when no method had its inputs.
    public var tss: Double
    /// The method used, or `nil` when none applied.
    public var method: TSSMethod?
    /// Whether the value is an estimate (average power used as NP, or the RPE mapping).
    public var estimated: Bool
    /// The intensity factor, for power, pace and RPE.
    public var intensityFactor: Double?
    /// The Normalized Power used, for the power method.
    public var normalizedPower: Double?

    /// A workout's TSS with the method that produced it.
    public init(
        workoutID: String, label: String, tss: Double, method: TSSMethod?, estimated: Bool = false,
        intensityFactor: Double? = nil, normalizedPower: Double? = nil
    ) {
        self.workoutID = workoutID; self.label = label; self.tss = tss; self.method = method
        self.estimated = estimated; self.intensityFactor = intensityFactor;
        self.normalizedPower = normalizedPower
    }

    /// A short note such as `power, IF 0.85` or `rpe (estimated)`.
    public var note: String {
        guard let method else { return "no TSS method had its inputs; counted as 0" }
        var text = method.rawValue.replacingOccurrences(of: "_", with: " ")
        if let np = normalizedPower { text += ", NP \(MetricFormat.fixed(np, 0)) W" }
        if let f = intensityFactor { text += ", IF \(MetricFormat.fixed(f, 2))" }
        if estimated { text += " (estimated)" }
        return text
    }
}
