import Foundation

extension Render {
    /// A table that fits the output width by leaving out its least useful columns first, never
    /// cutting the first (identifying) column, and wrapping the last column's comma-separated
    /// list onto lines of its own rather than cutting it.
    ///
    /// - Parameters:
    ///   - header: the column titles.
    ///   - rows: the cells, coloured or not.
    ///   - dropOrder: indices of the columns that may go, least useful first.
    ///   - limit: the width to fit (nil: no limit, every column whole).
    ///   - lastMinimum: the narrowest the last column may be before more columns go.
    static func prioritisedTable(
        _ header: [String], _ rows: [[String]], dropOrder: [Int], limit: Int?,
        lastMinimum: Int = 24
    ) -> String {
        var keep = Array(header.indices)
        func widths() -> [Int] {
            keep.map { i in
                rows.map { visibleWidth($0[i]) }.reduce(visibleWidth(header[i]), max)
            }
        }
        guard let limit else { return aligned(header, rows, keep: keep, widths: widths()) }
        func leading(_ w: [Int]) -> Int { w.dropLast().reduce(0, +) + 2 * (w.count - 1) }
        // Columns go while the others and a narrow last column do not fit.
        var drop = dropOrder[...]
        var w = widths()
        while leading(w) + min(w.last ?? 0, lastMinimum) > limit, let next = drop.popFirst() {
            keep.removeAll { $0 == next }
            w = widths()
        }
        // Still too wide with every droppable column gone: narrow the middle columns, never the
        // first; the last wraps.
        let first = w.first ?? 0
        let middle = Array(w.dropFirst().dropLast())
        let room = limit - first - 2 * (w.count - 1) - min(w.last ?? 0, lastMinimum)
        if middle.reduce(0, +) > room, !middle.isEmpty {
            let fitted = fit(middle, limit: max(room, 3 * middle.count), gap: 0)
            w = [first] + fitted + [w.last ?? 0]
        }
        let lastWidth = max(8, limit - leading(w))
        w[w.count - 1] = min(w[w.count - 1], lastWidth)
        return aligned(header, rows, keep: keep, widths: w)
    }

    /// The kept columns aligned to `widths`; a last cell wider than its column wraps at ", ".
    private static func aligned(_ header: [String], _ rows: [[String]], keep: [Int], widths: [Int])
        -> String
    {
        let indent = widths.dropLast().reduce(0, +) + 2 * (widths.count - 1)
        func lines(_ row: [String]) -> [String] {
            let cells = keep.map { row[$0] }
            var head = ""
            for (k, cell) in cells.enumerated().dropLast() {
                let c = k == 0 ? cell : truncate(cell, to: widths[k])
                head += c + String(repeating: " ", count: max(0, widths[k] - visibleWidth(c)))
                head += "  "
            }
            let last = wrap(cells.last ?? "", width: widths.last ?? 0)
            return [head + (last.first ?? "")]
                + last.dropFirst().map { String(repeating: " ", count: indent) + $0 }
        }
        let title = lines(header).joined(separator: "\n")
        return ([Terminal.bold(title)] + rows.flatMap(lines)).joined(separator: "\n")
    }

    /// `text` as lines of at most `width` visible characters, broken after ", "; each line keeps
    /// the colour the text starts with. A single item wider than `width` is cut.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard visibleWidth(text) > width, width > 0 else { return [text] }
        let colour = text.hasPrefix("\u{1B}[") ? text.prefix { $0 != "m" } + "m" : ""
        let items = stripEscapes(text).components(separatedBy: ", ")
        var out: [String] = []
        var line = ""
        for (i, item) in items.enumerated() {
            let piece = item + (i < items.count - 1 ? "," : "")
            if !line.isEmpty && line.count + 1 + piece.count > width {
                out.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + piece
        }
        if !line.isEmpty { out.append(line) }
        return out.map { line in
            let cut = truncate(line, to: width)
            return colour.isEmpty ? cut : colour + cut + "\u{1B}[0m"
        }
    }
}
