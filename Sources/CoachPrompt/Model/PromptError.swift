import CoachKit
import Foundation

/// What can go wrong exporting a context or reading an assistant's reply.
///
/// Sentences are neutral: a front end adds how to fix it in its own terms.
public enum PromptError: LocalizedError, Equatable, Sendable {
    /// The athlete has not consented to AI exports.
    case consentMissing(athlete: String)
    /// An option is out of its range.
    case optionOutOfRange(option: String, range: String)
    /// A section name is not one of the eight.
    case unknownSection(String)
    /// Sections 1, 3 and 8 alone are larger than the budget.
    case budgetTooSmall(needed: Int, budget: Int)
    /// The reply holds no JSON object, or more than one.
    case replyObjectCount(Int)
    /// The reply does not follow the schema; `path` says where.
    case replyInvalid(path: String, problem: String)
    /// The reply was made for another athlete.
    case replyForAnotherAthlete
    /// The reply names an export that was never made for this athlete.
    case replyUnknownExport(String)
    /// The reply would change a day that has already passed.
    case replyPastDay(String)
    /// The reply would replace a session that was already done.
    case replyOverwritesDone(day: String, title: String)

    public var errorDescription: String? {
        switch self {
        case .consentMissing(let a): "athlete '\(a)' has not consented to AI-coach exports"
        case .optionOutOfRange(let o, let r): "\(o) must be in \(r)"
        case .unknownSection(let s):
            "unknown section '\(s)'; sections are "
                + PromptSection.allCases.map(\.name).joined(separator: ", ")
        case .budgetTooSmall(let needed, let budget):
            "the token budget \(budget) is below the \(needed) tokens sections 1, 3 and 8 need"
        case .replyObjectCount(0): "the reply holds no JSON object"
        case .replyObjectCount(let n): "the reply holds \(n) JSON objects; it must hold exactly one"
        case .replyInvalid(let path, let problem): "the reply is invalid at \(path): \(problem)"
        case .replyForAnotherAthlete: "the reply was made for another athlete; nothing was applied"
        case .replyUnknownExport(let r):
            "the reply names export \(r), which was not made for this athlete"
        case .replyPastDay(let d): "the reply changes \(d), a day that has already passed"
        case .replyOverwritesDone(let d, let t):
            "the reply would replace '\(t)' on \(d), which is already done"
        }
    }
}

extension PromptError: CoachFailure {
    public var category: FailureCategory {
        switch self {
        case .consentMissing: .permission
        case .optionOutOfRange, .unknownSection, .budgetTooSmall: .usage
        case .replyObjectCount, .replyInvalid, .replyForAnotherAthlete, .replyUnknownExport:
            .invalidData
        case .replyPastDay, .replyOverwritesDone: .conflict
        }
    }
}
