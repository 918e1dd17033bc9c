import CoachKit
import Foundation

/// One day's self-assessment: mood and muscle soreness merged from that day's entries.
///
/// Entries of the same day merge field by field, later entries winning (soreness group by group).
/// soreness = 0.7 · mean(DOMS of the ten groups, unlogged groups 0) + 0.3 · max(DOMS). The day
/// score is 100 · (0.5 · (mood − 1) / 4 + 0.5 · (1 − soreness / 10)), or the one part logged.
public struct DayAssessment: Sendable, Equatable {
    public var day: LocalDay
    public var mood: Int?
    public var doms: [MuscleGroup: Int]

    /// One day's merged mood and soreness.
    public init(day: LocalDay, mood: Int? = nil, doms: [MuscleGroup: Int] = [:]) {
        self.day = day; self.mood = mood; self.doms = doms
    }

    /// Merges `entries` (in recorded order) into one assessment per day.
    public static func merge(_ entries: [WellnessEntry]) -> [LocalDay: DayAssessment] {
        var out: [LocalDay: DayAssessment] = [:]
        for e in entries {
            var a = out[e.day] ?? DayAssessment(day: e.day)
            if let m = e.mood { a.mood = m }
            for (g, v) in e.doms { a.doms[g] = v }
            out[e.day] = a
        }
        return out
    }

    /// Mood clamped to 1–5.
    var moodValue: Double? { mood.map { MetricMath.clamp(Double($0), 1, 5) } }

    /// Soreness 0–10, or `nil` when no DOMS was logged.
    public var soreness: Double? {
        guard !doms.isEmpty else { return nil }
        let values = MuscleGroup.allCases.map { MetricMath.clamp(Double(doms[$0] ?? 0), 0, 10) }
        return 0.7 * values.reduce(0, +) / Double(values.count) + 0.3 * values.max()!
    }

    /// The sorest group (ties go to the earlier group in the standard order); `nil` when all are 0.
    public var worstGroup: MuscleGroup? {
        var best: (MuscleGroup, Int)?
        for g in MuscleGroup.allCases {
            let v = doms[g] ?? 0
            if v > 0, v > (best?.1 ?? 0) { best = (g, v) }
        }
        return best?.0
    }

    /// The day's score 0–100, or `nil` when neither mood nor DOMS was logged.
    public var score: Double? {
        switch (moodValue, soreness) {
        case let (m?, s?): 100 * (0.5 * (m - 1) / 4 + 0.5 * (1 - s / 10))
        case let (m?, nil): 100 * (m - 1) / 4
        case let (nil, s?): 100 * (1 - s / 10)
        case (nil, nil): nil
        }
    }
}
