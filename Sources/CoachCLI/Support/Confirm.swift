import ArgumentParser
import Foundation

/// How coach asks before a change that removes something: the same everywhere.
///
/// `--yes` goes ahead without asking. Without a terminal to ask on, the command is refused as a
/// usage error (exit 64) that names `--yes`. On a terminal a declined question is no mistake:
/// "Aborted; nothing was changed." and exit 1.
enum Confirm {
    /// Asks `question` on the terminal; `false` when there is no terminal.
    static func ask(_ question: String) -> Bool {
        guard isatty(STDIN_FILENO) == 1 else { return false }
        let shown = TerminalText.escaped(question, keepingColour: false)
        FileHandle.standardError.write(Data("\(shown) [y/N] ".utf8))
        return (readLine() ?? "").lowercased().hasPrefix("y")
    }

    /// Goes ahead when `yes` or when the user answers yes to `question` on the terminal.
    ///
    /// - Parameters:
    ///   - question: what is about to happen, as a question.
    ///   - yes: whether `--yes` was given.
    ///   - action: what `--yes` does, for the refusal without a terminal ("remove them").
    /// - Throws: `CLIError.usage` without a terminal; `ExitCode.failure` after a declined answer.
    static func destructive(_ question: String, yes: Bool, action: String) throws {
        if yes { return }
        guard isatty(STDIN_FILENO) == 1 else {
            throw CLIError.usage("no terminal to ask on; pass --yes to \(action) without asking")
        }
        guard ask(question) else { throw aborted() }
    }

    /// Goes ahead when `yes` or when the user types `word` (an irreversible change).
    ///
    /// - Parameters:
    ///   - question: what is about to happen and that it cannot be undone.
    ///   - word: what must be typed to go ahead (the handle of what goes).
    ///   - yes: whether `--yes` was given.
    ///   - action: what `--yes` does, for the refusal without a terminal.
    /// - Throws: `CLIError.usage` without a terminal; `ExitCode.failure` when anything else
    ///   is typed.
    static func typed(_ question: String, word: String, yes: Bool, action: String) throws {
        if yes { return }
        guard isatty(STDIN_FILENO) == 1 else {
            throw CLIError.usage("no terminal to ask on; pass --yes to \(action) without asking")
        }
        let shown = TerminalText.escaped(question, keepingColour: false)
        let typedWord = TerminalText.escaped(word, keepingColour: false)
        FileHandle.standardError.write(Data("\(shown)\nType '\(typedWord)' to confirm: ".utf8))
        let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces)
        guard answer == word else { throw aborted() }
    }

    /// Says that nothing was changed and ends the command with exit 1.
    static func aborted() -> ExitCode {
        Terminal.note("Aborted; nothing was changed.")
        return ExitCode.failure
    }
}
