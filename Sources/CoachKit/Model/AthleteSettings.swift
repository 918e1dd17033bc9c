import Foundation

/// How an athlete's energy and protein targets are set.
public struct NutritionSettings: Codable, Sendable, Equatable {
    public enum ActivityLevel: String, Codable, Sendable, CaseIterable {
        case sedentary, light, moderate, very, extreme
        /// The TDEE multiplier of this level.
        public var multiplier: Double {
            switch self {
            case .sedentary: 1.2
            case .light: 1.375
            case .moderate: 1.55
            case .very: 1.725
            case .extreme: 1.9
            }
        }
    }
    public enum Goal: String, Codable, Sendable, CaseIterable { case lose, maintain, gain, muscle }
    public enum BMRFormula: String, Codable, Sendable, CaseIterable { case mifflin, katch }
    public enum TargetMode: String, Codable, Sendable, CaseIterable { case `static`, training }

    public var activityLevel: ActivityLevel = .moderate
    public var goal: Goal = .maintain
    public var weeklyChangeKg: Double = 0
    public var targetWeightKg: Double?
    public var targetDate: LocalDay?
    public var bmrFormula: BMRFormula = .mifflin
    public var targetMode: TargetMode = .static
    public init() {}

    enum CodingKeys: String, CodingKey {
        case goal
        case activityLevel = "activity_level"
        case weeklyChangeKg = "weekly_change_kg"
        case targetWeightKg = "target_weight_kg"
        case targetDate = "target_date"
        case bmrFormula = "bmr_formula"
        case targetMode = "target_mode"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        activityLevel =
            try c.decodeIfPresent(ActivityLevel.self, forKey: .activityLevel) ?? .moderate
        goal = try c.decodeIfPresent(Goal.self, forKey: .goal) ?? .maintain
        weeklyChangeKg = try c.decodeIfPresent(Double.self, forKey: .weeklyChangeKg) ?? 0
        targetWeightKg = try c.decodeIfPresent(Double.self, forKey: .targetWeightKg)
        targetDate = try c.decodeIfPresent(LocalDay.self, forKey: .targetDate)
        bmrFormula = try c.decodeIfPresent(BMRFormula.self, forKey: .bmrFormula) ?? .mifflin
        targetMode = try c.decodeIfPresent(TargetMode.self, forKey: .targetMode) ?? .static
    }
}

/// Daily step goals (a history, so a change never rewrites the past) and bonus-day rules.
public struct ActivitySettings: Codable, Sendable, Equatable {
    /// A step goal in force from `from` until the next change.
    public struct StepGoal: Codable, Sendable, Equatable {
        public var from: LocalDay
        public var steps: Int
        public init(from: LocalDay, steps: Int) { self.from = from; self.steps = steps }
    }

    public var stepGoals: [StepGoal] = []
    public var bonusEvery: Int = 7
    public var maxBonus: Int = 3
    public var hrRecencyMin: Int = 10
    public init() {}

    /// Makes `steps` the goal from `day` on; goals of earlier days are untouched, and a goal
    /// that started on the same day is replaced.
    public mutating func setStepGoal(_ steps: Int, from day: LocalDay) {
        stepGoals.removeAll { $0.from == day }
        stepGoals.append(StepGoal(from: day, steps: steps))
        stepGoals.sort { $0.from < $1.from }
    }

    /// The goal in force on `day`, or `nil` before the first goal.
    public func goal(for day: LocalDay) -> Int? {
        stepGoals.last(where: { $0.from <= day })?.steps
    }

    enum CodingKeys: String, CodingKey {
        case stepGoals = "step_goals"
        case bonusEvery = "bonus_every"
        case maxBonus = "max_bonus"
        case hrRecencyMin = "hr_recency_min"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stepGoals = (try c.decodeIfPresent([StepGoal].self, forKey: .stepGoals) ?? []).sorted {
            $0.from < $1.from
        }
        bonusEvery = try c.decodeIfPresent(Int.self, forKey: .bonusEvery) ?? 7
        maxBonus = try c.decodeIfPresent(Int.self, forKey: .maxBonus) ?? 3
        hrRecencyMin = try c.decodeIfPresent(Int.self, forKey: .hrRecencyMin) ?? 10
    }
}

/// The coach's free-text notes about an athlete.
public struct AthleteNotes: Codable, Sendable, Equatable {
    public var goals: String?
    public var strengths: String?
    public var weaknesses: String?
    public var equipment: String?
    public var locations: String?
    public var schedule: String?
    public init() {}
}
