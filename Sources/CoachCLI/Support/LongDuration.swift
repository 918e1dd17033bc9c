import ArgumentParser
import CoachKit
import Foundation

/// Durations longer than their activity plausibly lasts: refused without a terminal (unless
/// `--yes`), asked about on one.
enum LongDuration {
    /// Runs `body` with `confirmed` set to `yes`; when it refuses a duration as implausible and
    /// standard input is a terminal, says how the duration was read, asks whether it is meant,
    /// and runs `body` again confirmed. A declined question ends the command with exit 1 and
    /// nothing stored.
    static func confirming<T>(yes: Bool, _ body: (_ confirmed: Bool) throws -> T) throws -> T {
        do {
            return try body(yes)
        } catch let doubt as ImplausibleDuration {
            guard isatty(STDIN_FILENO) == 1 else { throw doubt }
            Terminal.note(ErrorText.doubt(doubt))
            let seconds = DurationParser.format(doubt.reading.seconds)
            guard Confirm.ask("Store \(seconds) anyway?") else { throw Confirm.aborted() }
            return try body(true)
        }
    }
}

extension ErrorText {
    /// How a doubted duration was read and what was probably meant, e.g. "--duration 45:00
    /// read as 45h (h:mm), longer than a running workout plausibly lasts (at most 12h). Did
    /// you mean --duration 45m?".
    static func doubt(_ error: ImplausibleDuration) -> String {
        let option = flag(error.parameter)
        return "\(option) \(error.reason)"
            + (error.suggestion.map { ". Did you mean \(option) \(DurationParser.format($0))?" }
                ?? "")
    }

    /// The refusal of a doubted duration: the doubt, and how to store it after all.
    static func message(for error: ImplausibleDuration) -> String {
        let stored = DurationParser.format(error.reading.seconds)
        let separator = error.suggestion == nil ? "." : ""
        return doubt(error) + "\(separator) To store \(stored), add --yes"
    }
}
