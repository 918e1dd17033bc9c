import Foundation

/// Replaces the athlete's own free text wherever it turns up in a section, for the texts that
/// providers quote (a component named after a workout's title).
struct Redactor {
    /// The mark that stands in for withheld text.
    static let mark = "(withheld)"
    /// The texts to replace, longest first so a longer text is never half-replaced.
    let texts: [String]

    init(texts: [String]) {
        self.texts = Array(
            Set(
                texts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter {
                    $0.count >= 3
                })
        )
        .sorted { ($0.count, $0) > ($1.count, $1) }
    }

    func clean(_ s: String) -> String {
        texts.reduce(s) { $0.replacingOccurrences(of: $1, with: Self.mark) }
    }

    func scrub(_ body: PromptSectionBody) -> PromptSectionBody {
        guard !texts.isEmpty else { return body }
        var b = body
        b.lines = b.lines.map(clean)
        b.missing = b.missing.map(clean)
        b.facts = b.facts.map { PromptFact(clean($0.name), clean($0.value)) }
        for t in b.tables.indices {
            b.tables[t].title = clean(b.tables[t].title)
            b.tables[t].rows = b.tables[t].rows.map { $0.map(clean) }
        }
        return b
    }
}
