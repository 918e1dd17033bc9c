/// Writes the compact fields of an envelope's byte form: unsigned LEB128 integers, fixed-size
/// byte strings, length-prefixed text, and ids that pack a lowercase UUID into 16 bytes.
struct CompactWriter {
    private(set) var bytes: [UInt8] = []

    /// The tag of an id packed as a UUID; any other first byte is a text length plus one.
    static let uuidTag: UInt8 = 0

    /// Appends raw bytes as they are (fixed-size fields: hashes, signatures, magic).
    mutating func raw(_ value: [UInt8]) { bytes += value }

    /// Appends an unsigned LEB128 integer: seven bits a byte, low bits first.
    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Appends a length-prefixed byte string.
    mutating func field(_ value: [UInt8]) {
        varint(UInt64(value.count))
        bytes += value
    }

    /// Appends a length-prefixed UTF-8 text.
    mutating func text(_ value: String) { field(Array(value.utf8)) }

    /// Appends an id: a lowercase canonical UUID as its tag and 16 bytes, anything else as its
    /// length plus one and its UTF-8 text.
    mutating func id(_ value: String) {
        if let packed = Self.packedUUID(value) {
            bytes.append(Self.uuidTag)
            bytes += packed
        } else {
            let utf8 = Array(value.utf8)
            varint(UInt64(utf8.count) + 1)
            bytes += utf8
        }
    }

    /// The 16 bytes of a UUID written in lowercase canonical text (8-4-4-4-12 hex digits), or
    /// nil for any other text.
    static func packedUUID(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return nil }
        var packed: [UInt8] = []
        packed.reserveCapacity(16)
        var high: UInt8?
        for (index, char) in utf8.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard char == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let nibble = lowerHex(char) else { return nil }
            if let first = high {
                packed.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return packed
    }

    /// The value of a lowercase hexadecimal digit.
    private static func lowerHex(_ char: UInt8) -> UInt8? {
        switch char {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): char - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): char - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// The lowercase canonical text of 16 UUID bytes.
    static func uuidText(_ packed: ArraySlice<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in packed.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 {
                text.append(UInt8(ascii: "-"))
            }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
