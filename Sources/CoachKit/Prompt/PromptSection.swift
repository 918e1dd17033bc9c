import Foundation

/// The eight sections of an AI-coach export, in the order they appear.
///
/// Sections 1 (role), 3 (today) and 8 (question and contract) are always present and never cut
/// for the token budget; the others may be left out on request or trimmed.
public enum PromptSection: Int, CaseIterable, Sendable, Comparable, Codable {
    case role = 1
    case athlete, today, trends, plan, workouts, gaps, question

    /// The short name used to ask for a section (`trends`, `plan`, …).
    public var name: String {
        switch self {
        case .role: "role"
        case .athlete: "athlete"
        case .today: "today"
        case .trends: "trends"
        case .plan: "plan"
        case .workouts: "workouts"
        case .gaps: "gaps"
        case .question: "question"
        }
    }

    /// The heading of the section.
    public var title: String {
        switch self {
        case .role: "Role and rules"
        case .athlete: "Athlete"
        case .today: "Today's state"
        case .trends: "Trends"
        case .plan: "Plan"
        case .workouts: "Recent workouts and wellness"
        case .gaps: "Data gaps"
        case .question: "Question and response format"
        }
    }

    /// Whether the section is always exported and never trimmed.
    public var isRequired: Bool { self == .role || self == .today || self == .question }

    /// The section a name or number (`trends`, `4`) stands for.
    public init?(name: String) {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        if let n = Int(key), let s = PromptSection(rawValue: n) {
            self = s
            return
        }
        guard let s = Self.allCases.first(where: { $0.name == key }) else { return nil }
        self = s
    }

    public static func < (a: PromptSection, b: PromptSection) -> Bool { a.rawValue < b.rawValue }
}
