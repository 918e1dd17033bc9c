import CoachKit
import Foundation

/// Turns a context object into the bytes of one format: Markdown, JSON or a chat messages array.
public enum PromptRenderer {
    /// The export in `format`, ending with a newline.
    public static func render(_ doc: PromptDocument, format: PromptOptions.Format) -> String {
        switch format {
        case .markdown: markdown(doc)
        case .json: json(doc)
        case .chat: chat(doc)
        }
    }

    /// An encoder that writes the same bytes for the same value (sorted keys, pretty, no `\/`).
    static func encoder(pretty: Bool) -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting =
            pretty
            ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            : [.sortedKeys, .withoutEscapingSlashes]
        return e
    }

    static func encode<T: Encodable>(_ value: T, pretty: Bool = false) -> String {
        // Encoding strings, integers and nested containers of them cannot fail.
        String(decoding: (try? encoder(pretty: pretty).encode(value)) ?? Data(), as: UTF8.self)
    }

    /// The context object as compact JSON (one line: tables cost a fraction of the tokens).
    static func json(_ doc: PromptDocument) -> String { encode(doc) + "\n" }

    /// The system message (section 1) and the user message (everything else) as a JSON array.
    static func chat(_ doc: PromptDocument) -> String {
        struct Message: Encodable {
            let role: String
            let content: String
        }
        let system = doc.sections.filter { $0.number == PromptSection.role.rawValue }.map(section)
            .joined()
        var rest = doc
        rest.sections.removeAll { $0.number == PromptSection.role.rawValue }
        return encode([
            Message(role: "system", content: system),
            Message(role: "user", content: markdown(rest)),
        ]) + "\n"
    }

    /// The export as one Markdown document: header, notices, then the sections in order.
    static func markdown(_ doc: PromptDocument) -> String {
        var out = "# Coaching context: \(doc.athlete), as of \(doc.asOf)\n\n"
        out += "> \(doc.notice)\n"
        if !doc.omitted.isEmpty {
            out += ">\n> Left out on request: \(doc.omitted.joined(separator: "; ")).\n"
        }
        if !doc.trimmed.isEmpty {
            let budget = doc.maxTokens.map { " to fit \($0) estimated tokens" } ?? ""
            out += ">\n> Trimmed\(budget): \(doc.trimmed.joined(separator: "; ")).\n"
        }
        out += "\nathlete_ref: `\(doc.athleteRef)` · export_ref: `\(doc.exportRef)`\n\n"
        for s in doc.sections {
            out += section(s)
            if s.number == PromptSection.question.rawValue {
                out +=
                    "Response schema (JSON Schema):\n\n```json\n" + encode(doc.responseSchema)
                    + "\n```\n\n"
            }
        }
        return out.trimmingCharacters(in: .newlines) + "\n"
    }

    /// One section in Markdown.
    static func section(_ s: PromptSectionBody) -> String {
        var out = "## \(s.number). \(s.title)\n\n_Source: \(s.source)_\n\n"
        for line in s.lines { out += line + "\n\n" }
        if !s.facts.isEmpty {
            out += s.facts.map { "- \($0.name): \($0.value)" }.joined(separator: "\n") + "\n\n"
        }
        for t in s.tables {
            out += "### \(t.title)\n\n"
            if t.rows.isEmpty {
                out += "(no rows)\n\n"
                continue
            }
            out += "| " + t.columns.joined(separator: " | ") + " |\n"
            out += "|" + String(repeating: "---|", count: t.columns.count) + "\n"
            for r in t.rows { out += "| " + r.joined(separator: " | ") + " |\n" }
            out += "\n"
        }
        if !s.missing.isEmpty { out += "Missing: " + s.missing.joined(separator: "; ") + ".\n\n" }
        return out
    }
}
