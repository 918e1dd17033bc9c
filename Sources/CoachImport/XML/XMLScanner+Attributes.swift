import Foundation

extension XMLScanner {
    /// Splits the current start tag's attributes into name and value ranges (once per tag).
    mutating func parseAttributes() throws {
        if attributesParsed { return }
        attributeSlots.removeAll(keepingCapacity: true)
        try buffer.withUnsafeBufferPointer { b in
            var i = rawAttributes.lowerBound
            let end = rawAttributes.upperBound
            while true {
                while i < end, b[i] <= 0x20 { i += 1 }
                if i >= end { break }
                let nameStart = i
                while i < end, b[i] != 0x3D, b[i] > 0x20 { i += 1 }
                let nameEnd = i
                while i < end, b[i] <= 0x20 { i += 1 }
                guard i < end, b[i] == 0x3D, nameEnd > nameStart else {
                    throw error(.malformed, "an attribute of <\(nameString)> has no value")
                }
                i += 1
                while i < end, b[i] <= 0x20 { i += 1 }
                guard i < end, b[i] == 0x22 || b[i] == 0x27 else {
                    throw error(.malformed, "an attribute value of <\(nameString)> is not quoted")
                }
                let q = b[i]
                let valueStart = i + 1
                i += 1
                while i < end, b[i] != q { i += 1 }
                guard i < end else {
                    throw error(.malformed, "an attribute value of <\(nameString)> is not closed")
                }
                attributeSlots.append((nameStart..<nameEnd, valueStart..<i))
                i += 1
            }
        }
        attributesParsed = true
    }

    /// The raw (undecoded) value range of attribute `literal`, if present.
    public mutating func attributeRange(_ literal: StaticString) throws -> Range<Int>? {
        try parseAttributes()
        for slot in attributeSlots where bytes(slot.name, equal: literal) { return slot.value }
        return nil
    }

    /// The decoded value of attribute `literal`, if present.
    public mutating func attribute(_ literal: StaticString) throws -> String? {
        guard let r = try attributeRange(literal) else { return nil }
        return decoded(r)
    }

    /// All attributes of the current start tag as decoded name/value pairs.
    public mutating func allAttributes() throws -> [(String, String)] {
        try parseAttributes()
        return attributeSlots.map { (string($0.name), decoded($0.value)) }
    }

    /// The decoded current text token.
    public func text() -> String { decoded(textRange) }

    /// The bytes of `r` with entity and character references decoded and control characters
    /// other than tab and newline removed.
    public func decoded(_ r: Range<Int>) -> String {
        let needsWork = buffer.withUnsafeBufferPointer { b in
            for i in r where b[i] == 0x26 || b[i] < 0x20 { return true }
            return false
        }
        if !needsWork { return string(r) }
        var out: [UInt8] = []
        out.reserveCapacity(r.count)
        var i = r.lowerBound
        while i < r.upperBound {
            let c = buffer[i]
            if c < 0x20, c != 0x09, c != 0x0A {
                i += 1
                continue
            }
            guard c == 0x26, let semi = buffer[i..<r.upperBound].firstIndex(of: 0x3B) else {
                out.append(c)
                i += 1
                continue
            }
            let ent = String(decoding: buffer[(i + 1)..<semi], as: UTF8.self)
            if let s = Self.entity(ent) {
                out.append(contentsOf: s.utf8)
            } else {
                out.append(contentsOf: buffer[i...semi])
            }
            i = semi + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func entity(_ e: String) -> String? {
        switch e {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard e.hasPrefix("#") else { return nil }
            let v = e.hasPrefix("#x") ? UInt32(e.dropFirst(2), radix: 16) : UInt32(e.dropFirst())
            guard let v, let u = Unicode.Scalar(v), v >= 0x20 || v == 9 || v == 10 else {
                return v != nil ? "" : nil
            }
            return String(Character(u))
        }
    }

    /// Parses the bytes of `r` as a decimal number (`nil` if they are not one).
    public func number(_ r: Range<Int>) -> Double? {
        buffer.withUnsafeBufferPointer { b in NumberParser.parse(b, r) }
    }
}

extension XMLScanner {
    /// Runs `body` over the scanner's buffer (ranges from this scanner index into it).
    public func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try buffer.withUnsafeBufferPointer(body)
    }

    /// Skips the rest of the current element (its children and end tag).
    public mutating func skipElement() throws {
        if pendingEnd { _ = try next(); return }
        let target = depth - 1
        while depth > target {
            if try next() == .endOfDocument { return }
        }
    }
}
