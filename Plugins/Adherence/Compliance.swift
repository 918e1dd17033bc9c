import CoachKit
import Foundation

/// TrainingPeaks-style compliance colour of a completed session.
///
/// By the ratio r = actual / planned: green for 0.8 ≤ r ≤ 1.2, yellow for 0.5 ≤ r < 0.8 or
/// 1.2 < r ≤ 1.5, red otherwise (and for missed sessions).
public enum Compliance: String, Sendable, CaseIterable {
    case green, yellow, red

    /// The colour of ratio `r`.
    public static func of(ratio r: Double) -> Compliance {
        if r >= 0.8 && r <= 1.2 { return .green }
        if (r >= 0.5 && r < 0.8) || (r > 1.2 && r <= 1.5) { return .yellow }
        return .red
    }

    /// The colour of an adherence percentage when no ratio exists (explicit %): ≥ 80 green, ≥ 50 yellow.
    public static func of(percent p: Double) -> Compliance {
        p >= 80 ? .green : p >= 50 ? .yellow : .red
    }

    /// `#RRGGBB`.
    public var hex: String {
        switch self {
        case .green: "#38A169"
        case .yellow: "#D69E2E"
        case .red: "#E53E3E"
        }
    }
}
