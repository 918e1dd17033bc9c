import Foundation

/// RFC 4180 text: field quoting, records joined with CRLF, and number formatting for cells.
public enum CSVText {
    /// One field: quoted (with inner quotes doubled) when it holds a comma, quote, CR or LF.
    public static func field(_ text: String) -> String {
        let needsQuotes = text.unicodeScalars.contains {
            $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n"
        }
        return needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    /// Free text typed by a person: like `field(_:)`, but a leading `=`, `+`, `-`, `@`, tab or CR
    /// gets an apostrophe in front so spreadsheets show the text instead of running it as a formula.
    public static func text(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first)
        else { return field(text) }
        return field("'" + text)
    }

    /// One record: the fields joined with commas (each already quoted where needed), ended by CRLF.
    public static func record(_ fields: [String]) -> String {
        fields.joined(separator: ",") + "\r\n"
    }

    /// A number as spreadsheets read it: no exponent, no trailing `.0`, at most 6 decimals.
    public static func number(_ v: Double) -> String {
        guard v.isFinite else { return "" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        let plain = String(v)
        if !plain.contains("e") { return plain }
        var fixed = String(format: "%.6f", v)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed == "-0" ? "0" : fixed
    }
}
