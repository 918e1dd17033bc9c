extension QRCode {
    /// The code as terminal lines, two module rows per line, drawn with the upper half block
    /// in black on white so it scans whatever the terminal's own colours are.
    ///
    /// - Parameter quietZone: light modules around the code (the standard asks for 4).
    /// - Returns: lines that each end by resetting the colours.
    func terminalLines(quietZone: Int = 4) -> [String] {
        let black = 16
        let white = 231
        var lines: [String] = []
        let range = -quietZone..<(size + quietZone)
        for top in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
            var line = ""
            for column in range {
                let upper = self[top, column] ? black : white
                let lower = self[top + 1, column] ? black : white
                line += "\u{1B}[38;5;\(upper);48;5;\(lower)m\u{2580}"
            }
            lines.append(line + "\u{1B}[0m")
        }
        return lines
    }
}
