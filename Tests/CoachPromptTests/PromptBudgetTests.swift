import CoachKit
import CoachPrompt
import CoachTestSupport
import Foundation
import Testing

/// The token budget: the estimator, trimming lowest-priority detail first, and the sections that
/// are never cut.
@Suite struct PromptBudgetTests {
    @Test(
        "The estimator counts UTF-8 bytes / 4, rounded up",
        arguments: [
            ("", 0), ("a", 1), ("abcd", 1), ("abcde", 2), ("–", 1), ("ÄÖÜß", 2),
            (String(repeating: "x", count: 400), 100),
        ])
    func estimator(text: String, tokens: Int) {
        #expect(TokenEstimator.tokens(text) == tokens)
    }

    static func options(_ format: PromptOptions.Format, budget: Int?) -> PromptOptions {
        var o = PromptOptions()
        o.format = format
        o.days = 60
        o.maxTokens = budget
        return o
    }

    @Test(
        "A budget is respected with sections 1, 3 and 8 intact and the cuts named",
        arguments: PromptOptions.Format.allCases, [0.5, 0.7, 0.9])
    func trimmed(format: PromptOptions.Format, fraction: Double) throws {
        let input = try PromptFixtures.input(days: 60)
        let full = try PromptExport.make(input, options: Self.options(format, budget: nil))
        let budget = Int(Double(full.tokens) * fraction)
        let cut = try PromptExport.make(input, options: Self.options(format, budget: budget))
        #expect(cut.tokens <= budget)
        #expect(TokenEstimator.tokens(cut.text) == cut.tokens)
        for s in [PromptSection.role, .today, .question] {
            #expect(
                cut.document.body(s) == full.document.body(s), "section \(s.rawValue) was changed")
        }
        #expect(!cut.document.trimmed.isEmpty)
        if format == .json {
            #expect(cut.document.maxTokens == budget)
        } else {
            #expect(cut.text.contains("Trimmed to fit \(budget) estimated tokens"))
        }
    }

    @Test("Oldest detail goes first: wellness notes and workout rows before the trend table")
    func order() throws {
        let input = try PromptFixtures.input(days: 60)
        var o = Self.options(.markdown, budget: nil)
        o.redact = false
        let full = try PromptExport.make(input, options: o)
        o.maxTokens = full.tokens - 200
        let cut = try PromptExport.make(input, options: o)
        #expect(cut.document.trimmed.first?.hasSuffix("wellness notes (section 6)") == true)
        #expect(cut.document.body(.trends) == full.document.body(.trends))
        let rows = try #require(
            cut.document.body(.workouts)?.tables.first { $0.id == "wellness_notes" }?.rows)
        let fullRows = try #require(
            full.document.body(.workouts)?.tables.first { $0.id == "wellness_notes" }?.rows)
        #expect(rows.count < fullRows.count && rows == Array(fullRows.suffix(rows.count)))
    }

    @Test("No cut when the export fits")
    func fits() throws {
        let input = try PromptFixtures.input()
        let full = try PromptExport.make(input, options: Self.options(.markdown, budget: nil))
        let same = try PromptExport.make(
            input, options: Self.options(.markdown, budget: full.tokens))
        #expect(same.text == full.text && same.document.trimmed.isEmpty)
    }

    @Test("A budget below sections 1, 3 and 8 is refused, naming what they need")
    func tooSmall() throws {
        #expect {
            try PromptExport.make(
                try PromptFixtures.input(), options: Self.options(.markdown, budget: 300))
        } throws: { error in
            guard case PromptError.budgetTooSmall(let needed, 300) = error else { return false }
            return needed > 300
        }
    }
}
