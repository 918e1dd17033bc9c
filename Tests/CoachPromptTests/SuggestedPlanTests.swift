import CoachKit
import CoachPrompt
import Foundation
import Testing

/// Reading an assistant's reply: exactly one JSON object, with or without prose, checked against
/// the schema with the path of the first problem.
@Suite struct SuggestedPlanTests {
    static let valid = """
        {"format": "coach/suggested-plan/1", "athlete_ref": "ath_1", "export_ref": "exp_1",
         "summary": "Easy week {after} the block.",
         "weeks": [{"start": "2026-11-23", "title": "Recovery", "days": [
           {"date": "2026-11-24", "sessions": [{"title": "Easy spin", "sport": "cycling",
             "planned_duration_min": 60, "planned_tss": 40, "targets": ["quads"],
             "rationale": "TSB -5.4 (training-load)", "detail": "Z2, cadence 90"}]},
           {"date": "2026-11-25", "sessions": []}]}]}
        """

    @Test("A bare reply object is read with its days and sessions")
    func bare() throws {
        let plan = try SuggestedPlan.parse(Self.valid)
        #expect(plan.athleteRef == "ath_1" && plan.exportRef == "exp_1")
        #expect(plan.days.map(\.date.description) == ["2026-11-24", "2026-11-25"])
        let s = try #require(plan.plannedSessions(plan.days[0]).first)
        #expect(
            s.origin == .ai && s.plannedDurationS == 3600 && s.sport == .cycling
                && s.targets == [.quads])
        #expect(plan.plannedSessions(plan.days[1]).isEmpty)
    }

    @Test("A chat answer with prose and a fenced block around one object is accepted")
    func prose() throws {
        let text = "Here is my suggestion {see below}:\n\n```json\n\(Self.valid)\n```\n\nGood luck!"
        #expect(try SuggestedPlan.parse(text) == SuggestedPlan.parse(Self.valid))
    }

    @Test(
        "Zero or two JSON objects are refused",
        arguments: [("no json here", 0), ("\(valid) and \(valid)", 2)])
    func count(text: String, objects: Int) {
        #expect(throws: PromptError.replyObjectCount(objects)) { try SuggestedPlan.parse(text) }
    }

    @Test(
        "Invalid replies name the path of the problem",
        arguments: [
            ("\"format\": \"coach/suggested-plan/1\"", "\"format\": \"other\"", "$.format"),
            ("\"start\": \"2026-11-23\"", "\"start\": \"2026-11-24\"", "$.weeks[0].start"),
            ("\"date\": \"2026-11-25\"", "\"date\": \"2026-12-25\"", "$.weeks[0].days[1].date"),
            ("\"date\": \"2026-11-25\"", "\"date\": \"2026-11-24\"", "$.weeks[0].days[1].date"),
            (
                "\"sport\": \"cycling\"", "\"sport\": \"golf\"",
                "$.weeks[0].days[0].sessions[0].sport"
            ),
            (
                "\"planned_tss\": 40", "\"planned_tss\": -4",
                "$.weeks[0].days[0].sessions[0].planned_tss"
            ),
            (
                "\"planned_tss\": 40", "\"planned_tss\": \"40\"",
                "$.weeks[0].days[0].sessions[0].planned_tss"
            ),
            ("\"rationale\": \"TSB -5.4 (training-load)\", ", "", "$.weeks[0].days[0].sessions[0]"),
            (
                "\"targets\": [\"quads\"]", "\"targets\": [\"quads\"], \"colour\": 1",
                "$.weeks[0].days[0].sessions[0]"
            ),
            ("\"title\": \"Easy spin\"", "\"title\": \"\"", "$.weeks[0].days[0].sessions[0].title"),
            ("\"date\": \"2026-11-24\"", "\"date\": \"2026-02-30\"", "$.weeks[0].days[0].date"),
        ])
    func invalid(find: String, replace: String, path: String) throws {
        let text = Self.valid.replacingOccurrences(of: find, with: replace)
        #expect(text != Self.valid)
        #expect {
            try SuggestedPlan.parse(text)
        } throws: { error in
            guard case PromptError.replyInvalid(let p, _) = error else { return false }
            return p == path
        }
    }
}
