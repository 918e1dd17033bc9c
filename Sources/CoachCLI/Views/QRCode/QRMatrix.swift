/// A QR code's modules while it is built: function patterns, data, mask and format bits.
struct QRMatrix {
    let version: Int
    let size: Int
    private(set) var modules: [Bool]
    private var isFunction: [Bool]

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        modules = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
    }

    private mutating func set(row: Int, column: Int, _ dark: Bool) {
        modules[row * size + column] = dark
        isFunction[row * size + column] = true
    }

    private func dark(_ row: Int, _ column: Int) -> Bool { modules[row * size + column] }

    /// Finder, separator, timing and alignment patterns, the dark module, and space kept for
    /// the format and version bits.
    mutating func drawFunctionPatterns() {
        for index in 0..<size {
            set(row: 6, column: index, index % 2 == 0)
            set(row: index, column: 6, index % 2 == 0)
        }
        for (row, column) in [(3, 3), (3, size - 4), (size - 4, 3)] {
            for dy in -4...4 {
                for dx in -4...4
                where (0..<size).contains(row + dy)
                    && (0..<size).contains(column + dx)
                {
                    let distance = max(abs(dx), abs(dy))
                    set(row: row + dy, column: column + dx, distance != 2 && distance != 4)
                }
            }
        }
        let centres = QRTables.alignmentCentres(version: version)
        for row in centres {
            for column in centres {
                let nearFinder =
                    (row == 6 && column == 6)
                    || (row == 6 && column == centres.last) || (row == centres.last && column == 6)
                guard !nearFinder else { continue }
                for dy in -2...2 {
                    for dx in -2...2 {
                        set(row: row + dy, column: column + dx, max(abs(dx), abs(dy)) != 1)
                    }
                }
            }
        }
        drawFormatBits(mask: 0)
        drawVersionBits()
    }

    /// The 15 format bits (level M, `mask`) in both of their places, and the dark module.
    mutating func drawFormatBits(mask: Int) {
        let data = mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { set(row: index, column: 8, bit(index)) }
        set(row: 7, column: 8, bit(6))
        set(row: 8, column: 8, bit(7))
        set(row: 8, column: 7, bit(8))
        for index in 9..<15 { set(row: 8, column: 14 - index, bit(index)) }
        for index in 0..<8 { set(row: 8, column: size - 1 - index, bit(index)) }
        for index in 8..<15 { set(row: size - 15 + index, column: 8, bit(index)) }
        set(row: size - 8, column: 8, true)
    }

    private mutating func drawVersionBits() {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = version << 12 | remainder
        for index in 0..<18 {
            let bit = (bits >> index) & 1 == 1
            let (a, b) = (size - 11 + index % 3, index / 3)
            set(row: b, column: a, bit)
            set(row: a, column: b, bit)
        }
    }

    /// Places the codewords in the zigzag order, two columns at a time from the right.
    mutating func place(_ codewords: [UInt8]) {
        var bit = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for step in 0..<size {
                for offset in 0..<2 {
                    let column = right - offset
                    let upward = (right + 1) & 2 == 0
                    let row = upward ? size - 1 - step : step
                    guard !isFunction[row * size + column], bit < codewords.count * 8 else {
                        continue
                    }
                    modules[row * size + column] = (codewords[bit >> 3] >> (7 - bit & 7)) & 1 == 1
                    bit += 1
                }
            }
            right -= 2
        }
    }

    /// A copy with mask pattern `mask` applied to the data and its format bits written.
    func masked(_ mask: Int) -> QRMatrix {
        var copy = self
        for row in 0..<size {
            for column in 0..<size where !isFunction[row * size + column] {
                let (x, y) = (column, row)
                let flip: Bool
                switch mask {
                case 0: flip = (x + y) % 2 == 0
                case 1: flip = y % 2 == 0
                case 2: flip = x % 3 == 0
                case 3: flip = (x + y) % 3 == 0
                case 4: flip = (x / 3 + y / 2) % 2 == 0
                case 5: flip = x * y % 2 + x * y % 3 == 0
                case 6: flip = (x * y % 2 + x * y % 3) % 2 == 0
                default: flip = ((x + y) % 2 + x * y % 3) % 2 == 0
                }
                if flip { copy.modules[row * size + column].toggle() }
            }
        }
        copy.drawFormatBits(mask: mask)
        return copy
    }

    /// The standard's penalty score: long runs, 2×2 blocks, finder look-alikes, and an
    /// unbalanced share of dark modules.
    var penalty: Int {
        var score = 0
        for line in 0..<size {
            score += runPenalty { dark(line, $0) } + runPenalty { dark($0, line) }
            score += lookAlikePenalty { dark(line, $0) } + lookAlikePenalty { dark($0, line) }
        }
        for row in 0..<(size - 1) {
            for column in 0..<(size - 1) {
                let colour = dark(row, column)
                if colour == dark(row, column + 1), colour == dark(row + 1, column),
                    colour == dark(row + 1, column + 1)
                {
                    score += 3
                }
            }
        }
        let darkCount = modules.filter { $0 }.count
        let total = size * size
        score += ((abs(darkCount * 20 - total * 10) + total - 1) / total - 1) * 10
        return score
    }

    private func runPenalty(_ module: (Int) -> Bool) -> Int {
        var score = 0
        var run = 1
        for index in 1..<size {
            if module(index) == module(index - 1) {
                run += 1
            } else {
                if run >= 5 { score += run - 2 }
                run = 1
            }
        }
        return run >= 5 ? score + run - 2 : score
    }

    private func lookAlikePenalty(_ module: (Int) -> Bool) -> Int {
        let pattern: [Bool] = [true, false, true, true, true, false, true]
        let quiet = [Bool](repeating: false, count: 4)
        var score = 0
        for start in 0...(size - 11) {
            let window = (start..<start + 11).map(module)
            if window == pattern + quiet || window == quiet + pattern { score += 40 }
        }
        return score
    }
}
