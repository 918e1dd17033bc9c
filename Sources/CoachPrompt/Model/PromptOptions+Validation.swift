import CoachKit

extension PromptOptions {
    /// Checks the numbers are in range.
    ///
    /// - Throws: `PromptError.optionOutOfRange` naming the option.
    public func validate() throws {
        guard (1...366).contains(days) else {
            throw PromptError.optionOutOfRange(option: "days", range: "1–366")
        }
        if let maxTokens, !(200...1_000_000).contains(maxTokens) {
            throw PromptError.optionOutOfRange(option: "max tokens", range: "200–1000000")
        }
        if let question, question.count > 4000 {
            throw PromptError.optionOutOfRange(option: "question", range: "0–4000 characters")
        }
    }
}
