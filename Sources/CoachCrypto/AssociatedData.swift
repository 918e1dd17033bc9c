import Foundation

/// Builds the canonical, versioned, length-prefixed byte strings that coach binds into
/// ciphertexts (associated data), hashes and signatures.
///
/// Every field is written as a 4-byte big-endian length followed by its bytes, so no two
/// different field lists can encode to the same bytes. The first field is always a domain
/// label such as `coach/1/record`.
public struct AssociatedData: Sendable {
    public private(set) var bytes: [UInt8] = []

    /// Starts with the domain label, e.g. `coach/1/record`.
    public init(_ label: String) { append(label) }

    /// Appends a string field.
    public mutating func append(_ s: String) { append(Array(s.utf8)) }

    /// Appends a raw byte field.
    public mutating func append(_ b: [UInt8]) {
        let n = UInt32(b.count)
        bytes += [UInt8(n >> 24), UInt8(n >> 16 & 0xff), UInt8(n >> 8 & 0xff), UInt8(n & 0xff)]
        bytes += b
    }

    /// Appends an integer field (8 bytes big-endian).
    public mutating func append(_ v: Int64) {
        append(withUnsafeBytes(of: v.bigEndian) { Array($0) })
    }

    /// Returns a copy with `fields` appended (strings, byte arrays or integers).
    public func with(_ fields: any ADField...) -> AssociatedData {
        var copy = self
        for f in fields { f.append(to: &copy) }
        return copy
    }
}

/// A value that can be a field of `AssociatedData`.
public protocol ADField {
    func append(to ad: inout AssociatedData)
}

extension String: ADField { public func append(to ad: inout AssociatedData) { ad.append(self) } }
extension Array: ADField where Element == UInt8 {
    public func append(to ad: inout AssociatedData) { ad.append(self) }
}
extension Int: ADField {
    public func append(to ad: inout AssociatedData) { ad.append(Int64(self)) }
}
extension Int64: ADField { public func append(to ad: inout AssociatedData) { ad.append(self) } }
