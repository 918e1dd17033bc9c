/// Appends values to a byte buffer in the snapshot's compact binary form.
///
/// Integers are zig-zag LEB128 varints, doubles their 8 little-endian IEEE-754 bytes (exact,
/// NaN payloads included), strings a varint length then UTF-8, optionals a presence byte then
/// the value. The form has no field names: `CompactReader` reads fields back in the order they
/// were written, which is why every type's `write(to:)` and `init(from:)` sit side by side.
public struct CompactWriter {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty writer with room for `capacity` bytes.
    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Appends `value` as a zig-zag LEB128 varint.
    public mutating func int(_ value: Int) {
        var v = UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// Appends the 8 little-endian bytes of `value`.
    public mutating func double(_ value: Double) {
        var bits = value.bitPattern.littleEndian
        withUnsafeBytes(of: &bits) { bytes.append(contentsOf: $0) }
    }

    /// Appends 1 for true, 0 for false.
    public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// Appends one byte of flags (a presence byte that says more than present or absent).
    public mutating func flags(_ value: UInt8) { bytes.append(value) }

    /// Appends the UTF-8 length of `value`, then its bytes.
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Bytes without a length before them (the reader must know how many).
    public mutating func fixed(_ value: [UInt8]) { bytes.append(contentsOf: value) }

    /// Appends the length of `value`, then its bytes.
    public mutating func raw(_ value: [UInt8]) {
        int(value.count)
        bytes.append(contentsOf: value)
    }

    /// Appends a presence byte, then the value with `write` when there is one.
    public mutating func optional<T>(_ value: T?, _ write: (inout CompactWriter, T) -> Void) {
        guard let value else { bytes.append(0); return }
        bytes.append(1)
        write(&self, value)
    }

    /// Appends an optional varint.
    public mutating func int(_ value: Int?) { optional(value) { $0.int($1) } }
    /// Appends an optional double.
    public mutating func double(_ value: Double?) { optional(value) { $0.double($1) } }
    /// Appends an optional string.
    public mutating func string(_ value: String?) { optional(value) { $0.string($1) } }

    /// Appends the count of `values`, then each with `write`.
    public mutating func array<T>(_ values: [T], _ write: (inout CompactWriter, T) -> Void) {
        int(values.count)
        for v in values { write(&self, v) }
    }
}
