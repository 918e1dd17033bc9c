/// Appends values to a byte buffer in the snapshot's compact binary form.
///
/// Integers are zig-zag LEB128 varints, doubles their 8 little-endian IEEE-754 bytes (exact,
/// NaN payloads included), strings a varint length then UTF-8, optionals a presence byte then
/// the value. The form has no field names: `CompactReader` reads fields back in the order they
/// were written, which is why every type's `write(to:)` and `init(from:)` sit side by side.
struct CompactWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func int(_ value: Int) {
        var v = UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func double(_ value: Double) {
        var bits = value.bitPattern.littleEndian
        withUnsafeBytes(of: &bits) { bytes.append(contentsOf: $0) }
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Bytes without a length before them (the reader must know how many).
    mutating func fixed(_ value: [UInt8]) { bytes.append(contentsOf: value) }

    mutating func raw(_ value: [UInt8]) {
        int(value.count)
        bytes.append(contentsOf: value)
    }

    mutating func optional<T>(_ value: T?, _ write: (inout CompactWriter, T) -> Void) {
        guard let value else { bytes.append(0); return }
        bytes.append(1)
        write(&self, value)
    }

    mutating func int(_ value: Int?) { optional(value) { $0.int($1) } }
    mutating func double(_ value: Double?) { optional(value) { $0.double($1) } }
    mutating func string(_ value: String?) { optional(value) { $0.string($1) } }

    mutating func array<T>(_ values: [T], _ write: (inout CompactWriter, T) -> Void) {
        int(values.count)
        for v in values { write(&self, v) }
    }
}
