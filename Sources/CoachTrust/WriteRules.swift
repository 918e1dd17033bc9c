import CoachKit

/// Which role may change what in an athlete's data, the same on every path a change takes
/// (a command, a dataset import, a roster import, a plan file, a reply applied).
public enum WriteRules {
    /// Whether a user of `role` may turn an athlete's AI consent on or off: it is the athlete's
    /// to give, and the owner may set it for them; a coach may not.
    public static func mayChangeAIConsent(_ role: Role) -> Bool { role != .coach }

    /// Whether a user of `role` may add, change or remove planned weeks and sessions (an
    /// athlete user records adherence on their own sessions, and nothing else of the plan).
    public static func mayPlan(_ role: Role) -> Bool { role != .athlete }
}
