import CoachKit
import Foundation

/// The context object of an export: its references, what was withheld or cut, and the sections.
///
/// Every value is already formatted text, so the Markdown, JSON and chat renderings show the same
/// numbers. This is what `json` prints.
public struct PromptDocument: Codable, Sendable, Equatable {
    /// The format tag of the context object.
    public static let formatTag = "coach/prompt/1"
    public var format = Self.formatTag
    /// The pseudonym (redacted) or the name of the athlete.
    public var athlete: String
    public var athleteRef: String
    public var exportRef: String
    /// The athlete-local day of the export.
    public var asOf: String
    public var redacted: Bool
    /// The privacy notice shown at the top.
    public var notice: String
    /// Sections left out on request.
    public var omitted: [String]
    /// What was cut to fit the token budget, lowest priority first.
    public var trimmed: [String]
    /// The token budget, when one was given.
    public var maxTokens: Int?
    public var sections: [PromptSectionBody]
    /// The JSON Schema a suggested plan must follow.
    public var responseSchema: JSONValue

    enum CodingKeys: String, CodingKey {
        case format, athlete, redacted, notice, omitted, trimmed, sections
        case athleteRef = "athlete_ref"
        case exportRef = "export_ref"
        case asOf = "as_of"
        case maxTokens = "max_tokens"
        case responseSchema = "response_schema"
    }

    /// The body of `section`, if exported.
    public func body(_ section: PromptSection) -> PromptSectionBody? {
        sections.first { $0.number == section.rawValue }
    }
}

/// One section: where its numbers come from, what is missing, and its lines, facts and tables.
public struct PromptSectionBody: Codable, Sendable, Equatable {
    public var number: Int
    public var id: String
    public var title: String
    /// Where the numbers of the section come from.
    public var source: String
    /// What the section would show but cannot, in words.
    public var missing: [String]
    public var lines: [String]
    public var facts: [PromptFact]
    public var tables: [PromptTable]

    /// An empty body of `section` with its source.
    public init(_ section: PromptSection, source: String) {
        number = section.rawValue
        id = section.name
        title = section.title
        self.source = source
        missing = []
        lines = []
        facts = []
        tables = []
    }
}

/// A named value (`FTP: 250 W`).
public struct PromptFact: Codable, Sendable, Equatable {
    public var name: String
    public var value: String
    /// A fact.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A table of formatted cells; rows are oldest first where they are dated.
public struct PromptTable: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var columns: [String]
    public var rows: [[String]]
    /// A table.
    public init(id: String, title: String, columns: [String], rows: [[String]]) {
        self.id = id
        self.title = title
        self.columns = columns
        self.rows = rows
    }
}
