import Foundation

extension XMLScanner {
    /// The number in attribute range `r`, refused when it is out of `ImportBounds`.
    ///
    /// - Parameters:
    ///   - r: the attribute value's range in the buffer.
    ///   - field: the attribute's name, for the error.
    /// - Returns: the number, or `nil` when the text is not a number.
    /// - Throws: `ImportError` (malformed) naming the field for an infinite or huge number.
    func boundedNumber(_ r: Range<Int>, _ field: String) throws -> Double? {
        guard let v = number(r) else { return nil }
        guard ImportBounds.accepts(v) else {
            throw error(.malformed, ImportBounds.numberMessage(field, string(r)))
        }
        return v
    }
}
