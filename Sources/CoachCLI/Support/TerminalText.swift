import Foundation

/// Text from outside coach — names, notes and titles people typed or imported, an AI's reply,
/// an external plugin's results, file contents — made safe to print: a control character that
/// a terminal would act on is written as a visible `\uXXXX` escape instead.
///
/// Escaped: the C0 controls but tab and newline (escape, carriage return, bell, …), delete,
/// the C1 controls (U+0080–U+009F, which some terminals read as escape sequences) and the
/// Unicode bidirectional overrides and isolates (which reorder what a reader sees). Inside a
/// JSON string the escape reads back as the same character, so `--json` output keeps its
/// meaning. Coach's own colours (`Terminal.paint`, `bold`, `dim`) are kept when colour is on.
enum TerminalText {
    /// `text` with every control character escaped, except coach's own colour sequences when
    /// `keepingColour` (colour on).
    static func escaped(_ text: String, keepingColour: Bool = Terminal.useColour) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if keepingColour, c == "\u{1B}", let end = colourEnd(scalars, from: i) {
                out.append(contentsOf: scalars[i...end])
                i = end + 1
                continue
            }
            if isControl(c) {
                out.append(contentsOf: String(format: "\\u%04x", c.value).unicodeScalars)
            } else {
                out.append(c)
            }
            i += 1
        }
        return String(out)
    }

    /// Whether a terminal would act on `c` (see the type's summary).
    static func isControl(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The index of the final `m` when `scalars[start...]` begins one of coach's own colour
    /// sequences (`ESC [ 0 m`, `1 m`, `2 m` or `38;2;R;G;B m`), else nil.
    private static func colourEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var params = ""
        var i = start + 2
        while i < scalars.count, i < start + 24 {
            let c = scalars[i]
            if c == "m" {
                let parts = params.split(separator: ";", omittingEmptySubsequences: false)
                let own =
                    ["0", "1", "2"].contains(params)
                    || (parts.count == 5 && parts[0] == "38" && parts[1] == "2"
                        && parts[2...].allSatisfy { UInt8($0) != nil })
                return own ? i : nil
            }
            guard c == ";" || ("0"..."9").contains(c) else { return nil }
            params.unicodeScalars.append(c)
            i += 1
        }
        return nil
    }
}

/// Writes `items` to standard output as the standard library's `print` does, with every
/// control character from outside escaped (`TerminalText`): everything a command prints goes
/// through here.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator)
    Swift.print(TerminalText.escaped(text), terminator: terminator)
}
