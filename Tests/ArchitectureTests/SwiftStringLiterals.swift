import Foundation

/// The string literals of a Swift source file, found by a small lexer: comments (line, block,
/// nested block) are skipped, and single-line, multi-line and raw strings are read, including
/// literals nested inside interpolations. Good enough for scanning our own sources; not a parser.
struct SwiftStringLiterals {
    /// One literal's text (interpolated code left out) and the line it starts on.
    struct Literal: Equatable {
        let text: String
        let line: Int
    }

    private let chars: [Character]
    private var i = 0
    private var line = 1
    private(set) var literals: [Literal] = []

    /// Lexes `source` and collects its literals in the order they start.
    init(_ source: String) {
        chars = Array(source)
        code(untilCloseParen: false)
        literals.sort { $0.line < $1.line }
    }

    private func peek(_ offset: Int = 0) -> Character? {
        i + offset < chars.count ? chars[i + offset] : nil
    }

    private func starts(with text: String) -> Bool {
        for (k, c) in text.enumerated() where peek(k) != c { return false }
        return true
    }

    private mutating func advance(_ n: Int = 1) {
        for _ in 0..<n where i < chars.count {
            if chars[i] == "\n" { line += 1 }
            i += 1
        }
    }

    /// Code, up to the end or (inside an interpolation) to the parenthesis that closes it.
    private mutating func code(untilCloseParen: Bool) {
        var depth = 0
        while let c = peek() {
            if starts(with: "//") {
                while let d = peek(), d != "\n" { _ = d; advance() }
            } else if starts(with: "/*") {
                blockComment()
            } else if c == "#" || c == "\"" {
                var hashes = 0
                while peek(hashes) == "#" { hashes += 1 }
                if peek(hashes) == "\"" {
                    advance(hashes)
                    string(hashes: hashes)
                } else {
                    advance()
                }
            } else if c == "(" {
                depth += 1; advance()
            } else if c == ")" {
                if untilCloseParen && depth == 0 { advance(); return }
                depth -= 1; advance()
            } else {
                advance()
            }
        }
    }

    private mutating func blockComment() {
        var depth = 0
        repeat {
            if starts(with: "/*") {
                depth += 1; advance(2)
            } else if starts(with: "*/") {
                depth -= 1; advance(2)
            } else {
                advance()
            }
        } while depth > 0 && peek() != nil
    }

    /// A string starting at its opening quote(s), after `hashes` leading `#`.
    private mutating func string(hashes: Int) {
        let startLine = line
        let multiline = starts(with: "\"\"\"")
        let quote = multiline ? "\"\"\"" : "\""
        advance(quote.count)
        let close = quote + String(repeating: "#", count: hashes)
        let escape = "\\" + String(repeating: "#", count: hashes)
        var text = ""
        while peek() != nil {
            if starts(with: close) { advance(close.count); break }
            if !multiline && peek() == "\n" { break }
            if starts(with: escape) {
                advance(escape.count)
                if peek() == "(" {
                    advance()
                    code(untilCloseParen: true)
                    text += "\u{FFFC}"
                } else if let c = peek() {
                    text.append("\\"); text.append(c); advance()
                }
                continue
            }
            text.append(peek()!)
            advance()
        }
        literals.append(Literal(text: text, line: startLine))
    }
}
