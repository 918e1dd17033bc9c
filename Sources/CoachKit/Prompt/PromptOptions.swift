/// How an export is shaped: its format, window, redaction, budget, question and sections.
public struct PromptOptions: Sendable, Equatable {
    /// The three output shapes.
    public enum Format: String, Sendable, CaseIterable {
        /// A Markdown document to paste into a chat.
        case markdown
        /// The context object as JSON.
        case json
        /// A JSON array of chat messages: one system message and one user message.
        case chat
    }

    /// The output shape.
    public var format: Format = .markdown
    /// The number of days the trend table and the workout list cover, ending today (1–366).
    public var days: Int = 14
    /// Whether identifying and free-text data is withheld (the default).
    public var redact = true
    /// The largest size of the output in estimated tokens, if limited.
    public var maxTokens: Int?
    /// The coach's question.
    public var question: String?
    /// The sections to export; the required ones are always added.
    public var sections: Set<PromptSection> = Set(PromptSection.allCases)

    /// Default options: Markdown, 14 days, redacted, no budget, every section.
    public init() {}

    /// The sections actually exported, in order.
    public var orderedSections: [PromptSection] {
        PromptSection.allCases.filter { $0.isRequired || sections.contains($0) }
    }
}
