import Foundation

/// One chart of a report: heading, data source, the SVG, its legend and a note.
///
/// The heading and the source are page text (so they survive without images and in print); the
/// SVG carries its own title and description for assistive technology.
public struct ChartSection: Sendable, Equatable {
    /// One legend entry: a sample of the mark and what it means.
    public struct Key: Sendable, Equatable {
        /// `line`, `dash`, `dot`, `bar`, `hatch`, `band` or `glyph:X`.
        public var kind: String
        public var css: String
        public var label: String

        public init(_ kind: String, _ css: String, _ label: String) {
            self.kind = kind
            self.css = css
            self.label = label
        }
    }

    public var id: String
    public var title: String
    public var source: String
    public var svg: String
    public var keys: [Key]
    public var note: String

    /// The section's HTML.
    public var html: String {
        var out = "<section class=\"card\" id=\"\(id)\" aria-labelledby=\"\(id)-h\">\n"
        out += "<h2 id=\"\(id)-h\">\(ReportText.escape(title))</h2>\n"
        out += "<p class=\"source\">Source: \(ReportText.escape(source))</p>\n"
        out += svg + "\n"
        if !keys.isEmpty {
            out +=
                "<ul class=\"legend\">"
                + keys.map { "<li>\(Self.sample($0))\(ReportText.escape($0.label))</li>" }.joined()
                + "</ul>\n"
        }
        if !note.isEmpty { out += "<p class=\"note\">\(ReportText.escape(note))</p>\n" }
        return out + "</section>\n"
    }

    /// A 24×12 sample of a legend key's mark (decorative: the label says what it is).
    static func sample(_ key: Key) -> String {
        let open =
            "<svg class=\"key\" viewBox=\"0 0 24 12\" width=\"24\" height=\"12\" "
            + "aria-hidden=\"true\">"
        let mark: String
        switch key.kind {
        case "line": mark = "<line class=\"line \(key.css)\" x1=\"1\" y1=\"6\" x2=\"23\" y2=\"6\"/>"
        case "bar": mark = "<rect class=\"\(key.css)\" x=\"7\" y=\"1\" width=\"10\" height=\"10\"/>"
        case "band":
            mark = "<rect class=\"band \(key.css)\" x=\"1\" y=\"2\" width=\"22\" height=\"8\"/>"
        case "zone":
            mark = "<rect class=\"zone \(key.css)\" x=\"1\" y=\"1\" width=\"22\" height=\"10\"/>"
        default:
            let glyph = key.kind.hasPrefix("glyph:") ? String(key.kind.dropFirst(6)) : "?"
            mark =
                "<text class=\"marker \(key.css)\" x=\"12\" y=\"10\" "
                + "text-anchor=\"middle\">\(ReportText.escape(glyph))</text>"
        }
        return open + mark + "</svg> "
    }
}
