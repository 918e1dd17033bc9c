/// Reads values written by `CompactWriter`, in the same order, with bounds checks.
///
/// Every read throws `CompactReader.Malformed` instead of trapping, so a snapshot from a bug
/// or an older build is refused, never trusted.
struct CompactReader {
    /// The bytes ended early or held an impossible value.
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    mutating func int() throws -> Int {
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

    mutating func double() throws -> Double {
        guard bytes.count - position >= 8 else { throw Malformed() }
        var bits: UInt64 = 0
        for i in 0..<8 { bits |= UInt64(bytes[position + i]) << (8 * UInt64(i)) }
        position += 8
        return Double(bitPattern: bits)
    }

    mutating func bool() throws -> Bool {
        guard position < bytes.count, bytes[position] <= 1 else { throw Malformed() }
        position += 1
        return bytes[position - 1] == 1
    }

    mutating func length() throws -> Int {
        let n = try int()
        guard n >= 0, n <= bytes.count - position else { throw Malformed() }
        return n
    }

    mutating func string() throws -> String {
        let n = try length()
        defer { position += n }
        return String(decoding: bytes[position..<position + n], as: UTF8.self)
    }

    /// The next `count` bytes, without a length before them.
    mutating func fixed(_ count: Int) throws -> [UInt8] {
        guard count >= 0, count <= bytes.count - position else { throw Malformed() }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    /// Hands the next `count` bytes to `body` without copying them, then skips them.
    mutating func withFixed<R>(_ count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) throws
        -> R
    {
        guard count >= 0, count <= bytes.count - position else { throw Malformed() }
        defer { position += count }
        let start = position
        return bytes.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[start..<start + count]))
        }
    }

    mutating func raw() throws -> [UInt8] {
        let n = try length()
        defer { position += n }
        return Array(bytes[position..<position + n])
    }

    mutating func optional<T>(_ read: (inout CompactReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    mutating func optionalInt() throws -> Int? { try optional { try $0.int() } }
    mutating func optionalDouble() throws -> Double? { try optional { try $0.double() } }
    mutating func optionalString() throws -> String? { try optional { try $0.string() } }

    /// A raw value of `T`, refusing names this build does not know.
    mutating func enumeration<T: RawRepresentable>(_: T.Type) throws -> T
    where T.RawValue == String {
        guard let v = T(rawValue: try string()) else { throw Malformed() }
        return v
    }

    mutating func array<T>(_ read: (inout CompactReader) throws -> T) throws -> [T] {
        var out: [T] = []
        try append(into: &out, read)
        return out
    }

    /// Reads an array written by `CompactWriter.array` and appends its items to `out`.
    mutating func append<T>(into out: inout [T], _ read: (inout CompactReader) throws -> T)
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
