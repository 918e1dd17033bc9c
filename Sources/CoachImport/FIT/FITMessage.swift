import Foundation

/// One data message, read in place: field values by field number, in the definition's byte
/// order, with FIT's invalid values reported as `nil`.
public struct FITMessage {
    let bytes: [UInt8]
    let start: Int
    let definition: FITDecoder.Definition
    /// The message's timestamp (its own field 253, or the compressed-header time).
    public let timestamp: UInt32

    /// The global message number (0 file_id, 18 session, 19 lap, 20 record, 78 hrv…).
    public var global: UInt16 { definition.global }

    init(bytes: [UInt8], start: Int, definition: FITDecoder.Definition, timestamp: UInt32) {
        self.bytes = bytes; self.start = start; self.definition = definition
        self.timestamp = timestamp
    }

    /// The slot index of field `number`, if the message has it.
    public func slot(_ number: UInt8) -> Int? {
        definition.fields.firstIndex { $0.number == number }
    }

    func raw(_ at: Int, _ size: Int) -> UInt64 {
        var v: UInt64 = 0
        if definition.bigEndian {
            for k in 0..<size { v = v << 8 | UInt64(bytes[at + k]) }
        } else {
            for k in stride(from: size - 1, through: 0, by: -1) {
                v = v << 8 | UInt64(bytes[at + k])
            }
        }
        return v
    }

    /// The unsigned value of the first element of slot `i` (`nil` when invalid).
    func uint(_ i: Int) -> UInt32? {
        let f = definition.fields[i]
        let size = Self.baseSize(f.baseType)
        guard size <= 4, size > 0, f.size >= size else { return nil }
        let v = raw(start + f.offset, size)
        return Self.isInvalid(v, baseType: f.baseType, size: size)
            ? nil : UInt32(truncatingIfNeeded: v)
    }

    /// The numeric value of field `number` (signed types sign-extended), or `nil`.
    public func value(_ number: UInt8) -> Double? {
        guard let i = slot(number) else { return nil }
        return element(i, 0)
    }

    /// Element `k` of an array field in slot `i`, or `nil` when missing or invalid.
    func element(_ i: Int, _ k: Int) -> Double? {
        let f = definition.fields[i]
        let size = Self.baseSize(f.baseType)
        guard size > 0, (k + 1) * size <= f.size else { return nil }
        let v = raw(start + f.offset + k * size, size)
        if Self.isInvalid(v, baseType: f.baseType, size: size) { return nil }
        switch f.baseType & 0x1F {
        case 0x01: return Double(Int8(truncatingIfNeeded: v))
        case 0x03: return Double(Int16(truncatingIfNeeded: v))
        case 0x05: return Double(Int32(truncatingIfNeeded: v))
        case 0x0E: return Double(Int64(bitPattern: v))
        case 0x08: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: v)))
        case 0x09: return Double(bitPattern: v)
        default: return Double(v)
        }
    }

    /// Every valid element of array field `number`.
    public func values(_ number: UInt8) -> [Double] {
        guard let i = slot(number) else { return [] }
        let size = Self.baseSize(definition.fields[i].baseType)
        guard size > 0 else { return [] }
        return (0..<(definition.fields[i].size / size)).compactMap { element(i, $0) }
    }

    static func baseSize(_ t: UInt8) -> Int {
        switch t & 0x1F {
        case 0x00, 0x01, 0x02, 0x07, 0x0A, 0x0D: 1
        case 0x03, 0x04, 0x0B: 2
        case 0x05, 0x06, 0x08, 0x0C: 4
        case 0x09, 0x0E, 0x0F, 0x10: 8
        default: 0
        }
    }

    static func isInvalid(_ v: UInt64, baseType: UInt8, size: Int) -> Bool {
        switch baseType & 0x1F {
        case 0x0A, 0x0B, 0x0C, 0x10: return v == 0
        case 0x01: return v == 0x7F
        case 0x03: return v == 0x7FFF
        case 0x05: return v == 0x7FFF_FFFF
        case 0x0E: return v == 0x7FFF_FFFF_FFFF_FFFF
        case 0x08: return v == 0xFFFF_FFFF
        case 0x09: return v == UInt64.max
        case 0x07: return false
        default: return size == 8 ? v == UInt64.max : v == (UInt64(1) << (8 * size)) - 1
        }
    }
}
