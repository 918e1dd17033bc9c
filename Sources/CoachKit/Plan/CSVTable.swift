import Foundation

/// Reads and writes comma-separated values as RFC 4180 describes them.
///
/// Fields holding a comma, a quote or a line break are quoted, with quotes doubled. Reading
/// accepts LF or CRLF line ends, a leading byte-order mark and quoted line breaks, and remembers
/// the line each row starts on so errors can name it.
public enum CSVTable {
    /// One parsed row and the 1-based line it starts on.
    public struct Row: Sendable, Equatable {
        public let line: Int
        public let fields: [String]
    }

    /// Renders rows as CSV text, one row per line, ending with a line break.
    public static func render(_ rows: [[String]]) -> String {
        rows.map { $0.map(quote).joined(separator: ",") + "\n" }.joined()
    }

    /// Quotes `field` when it needs it.
    public static func quote(_ field: String) -> String {
        guard
            field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                || field.hasPrefix(" ") || field.hasSuffix(" ")
        else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Parses CSV text into rows, skipping blank lines.
    ///
    /// - Throws: `CoachKitError.invalidRow` when a quoted field is not closed or a quote sits
    ///   inside an unquoted field.
    public static func parse(_ text: String) throws -> [Row] {
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var line = 1, rowStart = 1
        var quoted = false, wasQuoted = false
        var chars = Array(text.unicodeScalars)
        if chars.first == "\u{FEFF}" { chars.removeFirst() }
        var i = 0
        func endRow() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !wasQuoted) {
                rows.append(Row(line: rowStart, fields: fields))
            }
            fields = []; field = ""; wasQuoted = false
        }
        while i < chars.count {
            let c = chars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < chars.count, chars[i + 1] == "\"" {
                        field.unicodeScalars.append("\""); i += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                guard field.isEmpty else {
                    throw CoachKitError.invalidRow(
                        location: "line \(line)",
                        reason: "a quote inside an unquoted field; quote the whole field")
                }
                quoted = true; wasQuoted = true
            } else if c == "," {
                fields.append(field); field = ""
            } else if c == "\r" {
                // Part of CRLF, or a bare CR line end.
                if i + 1 < chars.count, chars[i + 1] == "\n" { i += 1 }
                endRow(); line += 1; rowStart = line
            } else if c == "\n" {
                endRow(); line += 1; rowStart = line
            } else {
                field.unicodeScalars.append(c)
            }
            i += 1
        }
        guard !quoted else {
            throw CoachKitError.invalidRow(
                location: "line \(rowStart)", reason: "a quoted field is not closed")
        }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRow() }
        return rows
    }
}
