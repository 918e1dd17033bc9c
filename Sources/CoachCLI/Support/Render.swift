import Foundation

/// Renders aligned text tables and JSON for command output.
public enum Render {
    /// An aligned table with a header row; widths count characters, not bytes.
    ///
    /// The table fits the output width (`$COLUMNS`, else the terminal's): the widest columns
    /// narrow first and cells that no longer fit end in an ellipsis.
    public static func table(_ header: [String], _ rows: [[String]]) -> String {
        // Escaped first, so a control character from outside is measured as it will print.
        let rows = rows.map { $0.map { TerminalText.escaped($0) } }
        var widths = header.map(visibleWidth)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count {
                widths[i] = max(widths[i], visibleWidth(cell))
            }
        }
        widths = fit(widths, limit: width)
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, c in
                let c = i < widths.count ? truncate(c, to: widths[i]) : c
                return i == cells.count - 1
                    ? c : c + String(repeating: " ", count: max(0, widths[i] - visibleWidth(c)))
            }.joined(separator: "  ")
        }
        return ([Terminal.bold(line(header))] + rows.map(line)).joined(separator: "\n")
    }

    /// Width of `s` ignoring ANSI escape sequences.
    static func visibleWidth(_ s: String) -> Int {
        var n = 0
        var inEscape = false
        for ch in s.unicodeScalars {
            if inEscape { if ch == "m" { inEscape = false }; continue }
            if ch == "\u{1B}" { inEscape = true; continue }
            n += 1
        }
        return n
    }

    /// Pretty JSON with sorted keys (stable for scripts and golden files).
    public static func json<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try e.encode(value), as: UTF8.self)
    }

    /// A `--json` object: `value`'s keys and `"format": "coach-<name>/1"`, sorted and pretty.
    ///
    /// - Parameters:
    ///   - value: a value that encodes as an object.
    ///   - name: the shape's name, e.g. `team` (docs/json/coach-team.schema.json).
    ///   - encoder: the encoder to use (default: `Render.json`'s settings).
    static func json<T: Encodable>(_ value: T, shape name: String, encoder: JSONEncoder? = nil)
        throws -> String
    {
        try envelope(JSONEnvelope(format: "coach-\(name)/1", value: value, key: nil), encoder)
    }

    /// A `--json` list: `{"format": "coach-<name>/1", "<key>": [...]}`, so the top level is an
    /// object like every other shape's.
    ///
    /// - Parameters:
    ///   - values: the list.
    ///   - name: the shape's name, e.g. `athlete-list`.
    ///   - key: the list's key, e.g. `athletes`.
    ///   - encoder: the encoder to use (default: `Render.json`'s settings).
    static func json<T: Encodable>(
        _ values: [T], shape name: String, key: String, encoder: JSONEncoder? = nil
    ) throws -> String {
        try envelope(JSONEnvelope(format: "coach-\(name)/1", value: values, key: key), encoder)
    }

    /// Encodes an envelope with every key in snake_case (a library type's `createdBy` prints
    /// as `created_by`), so no shape mixes two spellings.
    private static func envelope<T: Encodable>(_ value: T, _ encoder: JSONEncoder?) throws
        -> String
    {
        let e = encoder ?? JSONEncoder()
        e.outputFormatting.formUnion([.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        e.keyEncodingStrategy = .convertToSnakeCase
        return String(decoding: try e.encode(value), as: UTF8.self)
    }

    /// Formats a number without a trailing `.0`.
    public static func number(_ v: Double?, digits: Int = 1) -> String {
        guard let v else { return "–" }
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        return String(format: "%.\(digits)f", v)
    }
}
