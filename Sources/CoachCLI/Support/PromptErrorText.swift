import ArgumentParser
import CoachApp
import CoachKit

/// The command line's wording of AI-coach errors: flag names and `coach …` fixes.
enum PromptErrorText {
    /// The message for a refused export or reply; `problem` is the failure's neutral text.
    static func text(_ refusal: FailureDetail.PromptRefusal, problem: String) -> String {
        switch refusal {
        case .consentMissing(let a):
            let fix = "'coach athlete edit \(a) --ai-consent yes'"
            return "athlete '\(a)' has not agreed to AI-coach exports; the athlete or the owner "
                + "can allow it with \(fix)"
        case .optionOutOfRange(let option, let range):
            let flag = "--" + option.replacingOccurrences(of: " ", with: "-")
            return "\(flag) must be in \(range)"
        case .unknownSection(let s):
            let names = PromptSection.allCases.map { "\($0.rawValue)=\($0.name)" }
            return "--include: unknown section '\(s)'; use names or numbers from "
                + names.joined(separator: ", ")
        case .budgetTooSmall(let needed, let budget):
            return "--max-tokens \(budget) is below the \(needed) tokens sections 1, 3 and 8 "
                + "need; raise --max-tokens"
        case .replyObjectCount:
            return problem + "; save the assistant's answer with exactly one suggested plan"
        case .replyInvalid:
            return problem + "; the export's response schema says what is allowed"
        case .replyForAnotherAthlete:
            return "the reply was made from another athlete's export (athlete_ref does not "
                + "match); nothing was applied"
        case .replyUnknownExport(let r):
            return "the reply names export \(r), which 'coach audit' does not show for this "
                + "athlete; export with 'coach prompt export' and ask again"
        case .replyChangesThePast:
            return problem + "; nothing was applied"
        }
    }
}

func promptGuarded(_ body: () throws -> Void) throws {
    try guarded(body)
}
