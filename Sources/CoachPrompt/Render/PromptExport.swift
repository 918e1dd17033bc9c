import CoachKit
import Foundation

/// One finished export: the context object after trimming, its rendered text and its size.
public struct PromptExport: Sendable {
    /// The context object as exported.
    public let document: PromptDocument
    /// The bytes to print.
    public let text: String
    /// The estimated tokens of `text`.
    public let tokens: Int

    /// The sections in the export (after any cut), in order.
    public var sections: [PromptSection] {
        document.sections.compactMap { PromptSection(rawValue: $0.number) }
    }

    /// Builds, trims and renders the export of `input`.
    ///
    /// Without a budget nothing is cut. With one, the lowest-priority detail goes first until the
    /// rendered text fits: wellness notes, then workout rows, then days of the trend table (each
    /// oldest first), then last week's and next week's plan, then whole sections 6, 4, 5, 7 and 2.
    /// Sections 1, 3 and 8 are never cut. Every cut is named at the top of the export.
    ///
    /// - Throws: `PromptError.optionOutOfRange` for bad options; `PromptError.budgetTooSmall`
    ///   when sections 1, 3 and 8 alone exceed the budget.
    public static func make(_ input: PromptInput, options: PromptOptions) throws -> PromptExport {
        try options.validate()
        let full = PromptBuilder(input: input, options: options).document()
        guard let budget = options.maxTokens else { return finished(full, options.format) }
        var trimmer = Trimmer(doc: full, format: options.format, budget: budget)
        if trimmer.fits(trimmer.doc) { return finished(full, options.format) }
        for stage in Trimmer.stages {
            if trimmer.apply(stage) { return finished(trimmer.doc, options.format) }
        }
        throw PromptError.budgetTooSmall(needed: trimmer.size(trimmer.doc), budget: budget)
    }

    static func finished(_ doc: PromptDocument, _ format: PromptOptions.Format) -> PromptExport {
        let text = PromptRenderer.render(doc, format: format)
        return PromptExport(document: doc, text: text, tokens: TokenEstimator.tokens(text))
    }
}

/// Cuts detail from a document, lowest priority first, until its rendering fits a budget.
struct Trimmer {
    /// One step: drop rows of a table (oldest first) or a whole table or section.
    enum Stage {
        case rows(PromptSection, table: String, what: String)
        case table(PromptSection, table: String, what: String)
        case section(PromptSection)
    }

    static let stages: [Stage] = [
        .rows(.workouts, table: "wellness_notes", what: "wellness notes"),
        .rows(.workouts, table: "workouts", what: "workout rows"),
        .rows(.trends, table: "days", what: "days of the trend table"),
        .table(.plan, table: "last_week", what: "last week's sessions"),
        .table(.plan, table: "next_week", what: "next week's sessions"),
        .section(.workouts), .section(.trends), .section(.plan), .section(.gaps),
        .section(.athlete),
    ]

    var doc: PromptDocument
    let format: PromptOptions.Format
    let budget: Int

    func size(_ d: PromptDocument) -> Int {
        TokenEstimator.tokens(PromptRenderer.render(d, format: format))
    }
    func fits(_ d: PromptDocument) -> Bool { size(d) <= budget }

    /// Applies one stage as far as needed; true once the document fits.
    mutating func apply(_ stage: Stage) -> Bool {
        switch stage {
        case .rows(let section, let table, let what):
            guard let (s, t) = locate(section, table), !doc.sections[s].tables[t].rows.isEmpty
            else { return false }
            let total = doc.sections[s].tables[t].rows.count
            func dropping(_ n: Int) -> PromptDocument {
                var d = doc
                d.sections[s].tables[t].rows.removeFirst(n)
                let amount = n == total ? "all \(total)" : "the \(n) oldest of \(total)"
                d.trimmed.append("\(amount) \(what) (section \(section.rawValue))")
                return d
            }
            if !fits(dropping(total)) {
                doc = dropping(total)
                return false
            }
            var low = 1
            var high = total
            while low < high {
                let mid = (low + high) / 2
                if fits(dropping(mid)) { high = mid } else { low = mid + 1 }
            }
            doc = dropping(low)
            return true
        case .table(let section, let table, let what):
            guard let (s, t) = locate(section, table) else { return false }
            doc.sections[s].tables.remove(at: t)
            doc.trimmed.append("\(what) (section \(section.rawValue))")
        case .section(let section):
            guard let s = doc.sections.firstIndex(where: { $0.number == section.rawValue }) else {
                return false
            }
            doc.sections.remove(at: s)
            doc.trimmed.append("section \(section.rawValue) (\(section.title))")
        }
        return fits(doc)
    }

    func locate(_ section: PromptSection, _ table: String) -> (Int, Int)? {
        guard let s = doc.sections.firstIndex(where: { $0.number == section.rawValue }),
            let t = doc.sections[s].tables.firstIndex(where: { $0.id == table })
        else { return nil }
        return (s, t)
    }
}
