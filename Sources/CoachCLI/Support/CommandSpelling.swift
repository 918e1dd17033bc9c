import ArgumentParser
import CoachKit
import Foundation

/// Catches a mistyped command before the argument parser does, so `coach dashbaord` says
/// "unknown command" (and what was probably meant) instead of complaining about its options.
enum CommandSpelling {
    /// The error line for `arguments` (without the program name), or nil when every command
    /// word names a command (or the words end before a leaf command).
    ///
    /// `coach help WORDS…` is checked the same way, so help for a command that does not exist
    /// is a usage error too.
    static func problem(in arguments: [String]) -> String? {
        var words = arguments[...]
        let help = words.first == "help"
        if help { words = words.dropFirst() }
        var command: any ParsableCommand.Type = CoachCommand.self
        var path = ["coach"]
        for word in words {
            let configuration = command.configuration
            guard !configuration.subcommands.isEmpty, !word.hasPrefix("-") else { break }
            if let next = configuration.subcommands.first(where: { names($0).contains(word) }) {
                command = next
                path.append(word)
                continue
            }
            var known = configuration.subcommands.flatMap(names)
            if path.count == 1 { known.append("help") }
            let guess = EditDistance.suggestion(for: word, among: known)
            // A default subcommand takes words of its own; only a near miss is a typo there,
            // and never a file name (`import run.json` imports the file).
            if configuration.defaultSubcommand != nil && !help
                && (guess == nil || namesFile(word))
            {
                break
            }
            let scope = path.count == 1 ? "" : " of '\(path.joined(separator: " "))'"
            let fix =
                guess.map { ", did you mean '\($0)'?" }
                ?? "; see '\(path.joined(separator: " ")) --help'"
            return "unknown command '\(word)'\(scope)\(fix)"
        }
        return nil
    }

    /// Whether `word` reads as a file rather than a command: it has a dot or a slash (no
    /// command has), or a file of that name exists.
    static func namesFile(_ word: String) -> Bool {
        word.contains(".") || word.contains("/") || FileManager.default.fileExists(atPath: word)
    }

    /// The name and aliases a command answers to.
    static func names(_ command: any ParsableCommand.Type) -> [String] {
        [command._commandName] + command.configuration.aliases
    }
}
