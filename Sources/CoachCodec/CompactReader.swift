import CoachKit

/// Reads values written by `CompactWriter`, in the same order, with bounds checks.
///
/// Every read throws `CompactReader.Malformed` instead of trapping, so a snapshot from a bug
/// or an older build is refused, never trusted.
public struct CompactReader {
    /// The bytes ended early, held an impossible value or a name this build does not know.
    ///
    /// A `CoachFailure` of category `corrupt`: encoded bytes come out of sealed rows, so bytes
    /// that do not decode are damage, never input to read around.
    public struct Malformed: CoachFailure, Equatable {
        /// Creates the failure.
        public init() {}

        /// Always `corrupt`.
        public var category: FailureCategory { .corrupt }

        /// A neutral sentence for the failure.
        public var problemDescription: String { "encoded data is malformed" }
    }

    private let bytes: [UInt8]
    /// How many bytes have been read.
    public private(set) var position = 0

    /// Creates a reader at the first of `bytes`.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position == bytes.count }

    /// Reads a zig-zag LEB128 varint.
    ///
    /// - Throws: `Malformed` when the bytes end inside the varint or it runs past 64 bits.
    public mutating func int() throws -> Int {
        var result: UInt64 = 0, shift: UInt64 = 0
        while true {
            guard position < bytes.count, shift < 64 else { throw Malformed() }
            let b = bytes[position]
            position += 1
            result |= UInt64(b & 0x7f) << shift
            if b < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: (result >> 1) ^ (0 &- (result & 1))))
    }

    /// Reads a double from its 8 little-endian bytes.
    ///
    /// - Throws: `Malformed` when fewer than 8 bytes are left.
    public mutating func double() throws -> Double {
        guard bytes.count - position >= 8 else { throw Malformed() }
        var bits: UInt64 = 0
        for i in 0..<8 { bits |= UInt64(bytes[position + i]) << (8 * UInt64(i)) }
        position += 8
        return Double(bitPattern: bits)
    }

    /// Reads a presence byte (0 or 1).
    ///
    /// - Throws: `Malformed` for any other byte or at the end.
    public mutating func bool() throws -> Bool {
        guard position < bytes.count, bytes[position] <= 1 else { throw Malformed() }
        position += 1
        return bytes[position - 1] == 1
    }

    /// Reads one byte of flags.
    ///
    /// - Throws: `Malformed` for a byte above `max` or at the end.
    public mutating func flags(max: UInt8) throws -> UInt8 {
        guard position < bytes.count, bytes[position] <= max else { throw Malformed() }
        position += 1
        return bytes[position - 1]
    }

    /// Reads a length, refusing one that is negative or longer than the bytes left.
    ///
    /// - Throws: `Malformed` when the length cannot be read or does not fit.
    public mutating func length() throws -> Int {
        let n = try int()
        guard n >= 0, n <= bytes.count - position else { throw Malformed() }
        return n
    }

    /// Reads a string written as its UTF-8 length then bytes.
    ///
    /// - Throws: `Malformed` when the length does not fit.
    public mutating func string() throws -> String {
        let n = try length()
        defer { position += n }
        return String(decoding: bytes[position..<position + n], as: UTF8.self)
    }

    /// The next `count` bytes, without a length before them.
    ///
    /// - Throws: `Malformed` when fewer than `count` bytes are left.
    public mutating func fixed(_ count: Int) throws -> [UInt8] {
        guard count >= 0, count <= bytes.count - position else { throw Malformed() }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    /// Hands the next `count` bytes to `body` without copying them, then skips them.
    ///
    /// - Throws: `Malformed` when fewer than `count` bytes are left.
    public mutating func withFixed<R>(
        _ count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) throws -> R {
        guard count >= 0, count <= bytes.count - position else { throw Malformed() }
        defer { position += count }
        let start = position
        return bytes.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[start..<start + count]))
        }
    }

    /// Reads bytes written with a length before them.
    ///
    /// - Throws: `Malformed` when the length does not fit.
    public mutating func raw() throws -> [UInt8] {
        let n = try length()
        defer { position += n }
        return Array(bytes[position..<position + n])
    }

    /// Reads a presence byte, then the value with `read` when it is present.
    ///
    /// - Throws: `Malformed`, or what `read` throws.
    public mutating func optional<T>(_ read: (inout CompactReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    /// Reads an optional varint.
    public mutating func optionalInt() throws -> Int? { try optional { try $0.int() } }
    /// Reads an optional double.
    public mutating func optionalDouble() throws -> Double? { try optional { try $0.double() } }
    /// Reads an optional string.
    public mutating func optionalString() throws -> String? { try optional { try $0.string() } }

    /// A raw value of `T`, refusing names this build does not know.
    ///
    /// - Throws: `Malformed` for a name `T` has no case for.
    public mutating func enumeration<T: RawRepresentable>(_: T.Type) throws -> T
    where T.RawValue == String {
        guard let v = T(rawValue: try string()) else { throw Malformed() }
        return v
    }

    /// Reads an array written by `CompactWriter.array`.
    ///
    /// - Throws: `Malformed` when the count does not fit, or what `read` throws.
    public mutating func array<T>(_ read: (inout CompactReader) throws -> T) throws -> [T] {
        var out: [T] = []
        try append(into: &out, read)
        return out
    }

    /// Reads an array written by `CompactWriter.array` and appends its items to `out`.
    ///
    /// - Throws: `Malformed` when the count does not fit, or what `read` throws.
    public mutating func append<T>(into out: inout [T], _ read: (inout CompactReader) throws -> T)
        throws
    {
        let n = try int()
        guard n >= 0, n <= bytes.count - position else { throw Malformed() }
        // Grows geometrically, so appending chunk after chunk stays linear.
        if out.capacity < out.count + n {
            out.reserveCapacity(max(out.count + n, 2 * out.capacity))
        }
        for _ in 0..<n { out.append(try read(&self)) }
    }
}
