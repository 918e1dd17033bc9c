/// Reads the length-prefixed fields `AssociatedData` writes (4-byte big-endian length, then
/// the bytes), failing on anything short, too long or left over.
struct FieldReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    var atEnd: Bool { offset == bytes.count }

    /// The next field's bytes, or nil when the input ends inside it.
    mutating func field() -> [UInt8]? {
        guard bytes.count - offset >= 4 else { return nil }
        var length = 0
        for byte in bytes[offset..<offset + 4] { length = length << 8 | Int(byte) }
        offset += 4
        guard bytes.count - offset >= length else { return nil }
        defer { offset += length }
        return Array(bytes[offset..<offset + length])
    }

    /// The next field as UTF-8 text, or nil when it is missing or not valid UTF-8.
    mutating func text() -> String? {
        guard let raw = field() else { return nil }
        return String(validating: raw, as: UTF8.self)
    }

    /// The next field as an 8-byte big-endian integer, or nil when it is not 8 bytes long.
    mutating func integer() -> Int64? {
        guard let raw = field(), raw.count == 8 else { return nil }
        return raw.reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }
}
