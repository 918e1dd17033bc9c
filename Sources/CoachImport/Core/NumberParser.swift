import Foundation

/// Parses decimal numbers straight from bytes, without building strings.
enum NumberParser {
    /// The number in `b[r]` (optional sign, digits, fraction, exponent), or `nil`.
    static func parse(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Double? {
        var i = r.lowerBound
        let end = r.upperBound
        while i < end, b[i] == 0x20 { i += 1 }
        guard i < end else { return nil }
        var negative = false
        if b[i] == 0x2D || b[i] == 0x2B { negative = b[i] == 0x2D; i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0, scale = 0
        var sawDigit = false
        while i < end, b[i] >= 0x30, b[i] <= 0x39 {
            if digits < 18 {
                mantissa = mantissa * 10 + UInt64(b[i] - 0x30); digits += 1
            } else {
                scale += 1
            }
            sawDigit = true
            i += 1
        }
        if i < end, b[i] == 0x2E {
            i += 1
            while i < end, b[i] >= 0x30, b[i] <= 0x39 {
                if digits < 18 {
                    mantissa = mantissa * 10 + UInt64(b[i] - 0x30); digits += 1; scale -= 1
                }
                sawDigit = true
                i += 1
            }
        }
        guard sawDigit else { return nil }
        if (i < end && (b[i] == 0x65 || b[i] == 0x45)) || digits >= 18 {
            // Rare forms: let the C library do it exactly.
            let s = String(decoding: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self)
            return Double(s.trimmingCharacters(in: .whitespaces))
        }
        while i < end, b[i] == 0x20 { i += 1 }
        guard i == end else { return nil }
        var v = Double(mantissa)
        if scale < 0 { v /= pow10[-scale] } else if scale > 0 { v *= pow10[scale] }
        return negative ? -v : v
    }

    static let pow10: [Double] = (0...40).map { pow(10.0, Double($0)) }
}
