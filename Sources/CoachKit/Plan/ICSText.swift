import Foundation

/// Text rules of iCalendar (RFC 5545): TEXT escaping, line folding and date-time values.
public enum ICSText {
    /// Escapes a TEXT value: backslash, semicolon, comma and line breaks (§3.3.11).
    public static func escape(_ text: String) -> String {
        var out = ""
        for c in text.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r": out += "\\n"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Folds one content line so no physical line exceeds 75 octets (§3.1).
    ///
    /// Continuation lines start with a space; a multi-byte UTF-8 character is never split.
    /// - Returns: the folded line with CRLF after every physical line.
    public static func fold(_ line: String) -> String {
        var out = ""
        var current = 0
        var limit = 75
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if current + size > limit {
                out += "\r\n "
                current = 1
                limit = 75
            }
            out.unicodeScalars.append(scalar)
            current += size
        }
        return out + "\r\n"
    }

    /// A DATE value, `YYYYMMDD`.
    public static func date(_ day: LocalDay) -> String {
        day.description.replacingOccurrences(of: "-", with: "")
    }

    /// A UTC DATE-TIME value, `YYYYMMDDTHHMMSSZ`.
    public static func utc(_ date: Date) -> String {
        let secs = Int(date.timeIntervalSince1970.rounded(.down))
        let dayOrdinal = secs >= 0 ? secs / 86_400 : (secs - 86_399) / 86_400
        let rest = secs - dayOrdinal * 86_400
        let h = rest / 3600, m = rest % 3600 / 60, s = rest % 60
        return Self.date(LocalDay(ordinal: dayOrdinal)) + "T" + two(h) + two(m) + two(s) + "Z"
    }

    static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
}
