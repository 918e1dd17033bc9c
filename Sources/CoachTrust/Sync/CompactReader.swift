/// Reads the fields `CompactWriter` writes, strictly: an integer in more bytes than it needs,
/// a text id that should have been packed, invalid UTF-8 or input that ends inside a field is
/// refused (nil), so every accepted input has one encoding.
struct CompactReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    var atEnd: Bool { offset == bytes.count }

    /// The next `count` bytes as they are, or nil when the input ends first.
    mutating func raw(_ count: Int) -> [UInt8]? {
        guard count >= 0, bytes.count - offset >= count else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// The next unsigned LEB128 integer, or nil when it is cut short, over 64 bits or not in
    /// its shortest form.
    mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            let payload = UInt64(byte & 0x7F)
            guard shift < 64, shift < 63 || payload <= 1 else { return nil }
            value |= payload << shift
            if byte & 0x80 == 0 {
                // A last byte of zero after another byte is a longer form of a smaller value.
                return shift > 0 && byte == 0 ? nil : value
            }
            shift += 7
        }
        return nil
    }

    /// The next varint as a non-negative `Int`, or nil when it is not one.
    mutating func length() -> Int? {
        guard let value = varint(), value <= UInt64(Int.max) else { return nil }
        return Int(value)
    }

    /// The next length-prefixed byte string.
    mutating func field() -> [UInt8]? {
        guard let count = length() else { return nil }
        return raw(count)
    }

    /// The next length-prefixed UTF-8 text.
    mutating func text() -> String? {
        guard let raw = field() else { return nil }
        return String(validating: raw, as: UTF8.self)
    }

    /// The next id: a packed UUID, or a text that is not one a writer would have packed.
    mutating func id() -> String? {
        guard offset < bytes.count else { return nil }
        if bytes[offset] == CompactWriter.uuidTag {
            offset += 1
            guard let packed = raw(16) else { return nil }
            return CompactWriter.uuidText(packed[...])
        }
        guard let prefix = length(), prefix >= 1, let raw = raw(prefix - 1),
            let text = String(validating: raw, as: UTF8.self),
            CompactWriter.packedUUID(text) == nil
        else { return nil }
        return text
    }
}
