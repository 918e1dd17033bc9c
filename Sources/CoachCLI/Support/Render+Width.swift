import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension Render {
    /// The width output must fit: `$COLUMNS` when set, else the terminal's width when standard
    /// output is one, else nil (no limit: pipes and files get whole lines).
    static var width: Int? {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let n = Int(text), n > 0 {
            return max(n, 20)
        }
        guard Terminal.stdoutIsTTY else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return nil
        }
        return max(Int(size.ws_col), 20)
    }

    /// Column widths that fit `limit`: the widest columns give up characters first, none
    /// below `minimum` (or its own width when narrower).
    static func fit(_ widths: [Int], limit: Int?, gap: Int = 2, minimum: Int = 3) -> [Int] {
        guard let limit, !widths.isEmpty else { return widths }
        var w = widths
        let spacing = gap * (w.count - 1)
        while w.reduce(0, +) + spacing > limit {
            guard let i = w.indices.max(by: { w[$0] < w[$1] }), w[i] > minimum else { break }
            w[i] -= 1
        }
        return w
    }

    /// `text` cut to `width` visible characters with a trailing ellipsis when longer; colour
    /// escapes are dropped from a cut text.
    static func truncate(_ text: String, to width: Int) -> String {
        guard visibleWidth(text) > width else { return text }
        let plain = stripEscapes(text)
        guard width > 1 else { return String(plain.prefix(width)) }
        return String(plain.prefix(width - 1)) + "…"
    }

    /// Every line of `text` cut to the output width (no change without a limit).
    static func fitLines(_ text: String) -> String {
        guard let width else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { truncate(String($0), to: width) }.joined(separator: "\n")
    }

    /// `text` without ANSI escape sequences.
    static func stripEscapes(_ text: String) -> String {
        var out = ""
        var inEscape = false
        for ch in text.unicodeScalars {
            if inEscape {
                if ch == "m" { inEscape = false }
                continue
            }
            if ch == "\u{1B}" {
                inEscape = true
                continue
            }
            out.unicodeScalars.append(ch)
        }
        return out
    }
}
