import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Terminal facts and writing helpers: TTY detection, colour policy, stderr.
enum Terminal {
    /// Whether standard output is a terminal.
    static var stdoutIsTTY: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Colour only on a TTY, never with `NO_COLOR` set, never for `TERM=dumb`.
    ///
    /// Decided once per process: a table paints every cell, and copying the environment for
    /// each cost more than the rest of a thousand-row team table.
    static let useColour: Bool = {
        let env = ProcessInfo.processInfo.environment
        return stdoutIsTTY && env["NO_COLOR"] == nil && env["TERM"] != "dumb"
    }()

    /// Writes one line to stderr, prefixed with `coach: `.
    static func error(_ message: String) {
        let line = TerminalText.escaped(message, keepingColour: false)
        FileHandle.standardError.write(Data(("coach: " + line + "\n").utf8))
    }

    /// Says on stderr, when stderr is a terminal, that the key is being derived from a
    /// passphrase (Argon2id takes about a second): never into a pipe, a file or `--json`'s
    /// stdout.
    static func derivingKey() {
        guard isatty(STDERR_FILENO) == 1 else { return }
        note("Deriving the key from the passphrase (Argon2id, about a second)…")
    }

    /// Writes a progress or notice line to stderr.
    static func note(_ message: String) {
        FileHandle.standardError.write(
            Data((TerminalText.escaped(message, keepingColour: false) + "\n").utf8))
    }

    /// Writes a file's worth of text (CSV, JSON, Markdown, iCalendar) to standard output:
    /// as it is into a pipe or file, with control characters escaped on a terminal.
    static func writeDocument(_ text: String) {
        let shown = stdoutIsTTY ? TerminalText.escaped(text, keepingColour: false) : text
        FileHandle.standardOutput.write(Data(shown.utf8))
    }

    /// Wraps `text` in an ANSI colour from a hex string like `#38A169` when colour is on.
    static func paint(_ text: String, hex: String?) -> String {
        guard useColour, let hex, hex.count == 7, let v = Int(hex.dropFirst(), radix: 16) else {
            return text
        }
        return "\u{1B}[38;2;\(v >> 16);\(v >> 8 & 255);\(v & 255)m\(text)\u{1B}[0m"
    }

    /// Bold text when colour is on.
    static func bold(_ text: String) -> String {
        useColour ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    /// Dim text when colour is on.
    static func dim(_ text: String) -> String {
        useColour ? "\u{1B}[2m\(text)\u{1B}[0m" : text
    }
}
