import Foundation

extension XMLScanner {
    private static let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">")
    private static let slash = UInt8(ascii: "/"), bang = UInt8(ascii: "!")
    private static let question = UInt8(ascii: "?")

    /// Moves to the next start tag, end tag or non-blank text.
    ///
    /// - Throws: `ImportError` for a document that ends early or breaks the nesting rules.
    public mutating func next() throws -> Token {
        if pendingEnd {
            pendingEnd = false
            popName()
            return .end
        }
        while true {
            var from = position
            guard let lt = try find(Self.lt, from: &from) else {
                if depth > 0 {
                    throw error(.truncated, "the document ends inside <\(topName)>", at: offset)
                }
                return .endOfDocument
            }
            if lt > position, depth > 0, !isBlank(position..<lt) {
                textRange = position..<lt
                tokenOffset = offset
                position = lt
                return .text
            }
            position = lt
            tokenOffset = offset
            guard try fill(2) else { throw error(.truncated, "the document ends inside a tag") }
            let c = buffer[position + 1]
            if c == Self.bang { try skipMarkup(); continue }
            if c == Self.question { try skipUntil("?>"); continue }
            return try readTag(closing: c == Self.slash)
        }
    }

    private func isBlank(_ r: Range<Int>) -> Bool {
        buffer.withUnsafeBufferPointer { b in
            for i in r where b[i] > 0x20 { return false }
            return true
        }
    }

    private mutating func readTag(closing: Bool) throws -> Token {
        var i = position + (closing ? 2 : 1)
        var quote: UInt8 = 0
        var nameEndRel = -1
        // Scan to the closing '>' outside quotes, loading more as needed.
        while true {
            if i >= buffer.count {
                let rel = i - position
                guard try fill(rel + 1) else {
                    throw error(.truncated, "the document ends inside a tag")
                }
                i = position + rel
                continue
            }
            let b = buffer[i]
            if quote != 0 {
                if b == quote { quote = 0 }
            } else if b == 0x22 || b == 0x27 {
                quote = b
            } else if b == Self.gt {
                break
            } else if b == Self.lt {
                throw error(.malformed, "a tag is not closed before the next one starts")
            }
            if nameEndRel < 0, quote == 0, b <= 0x20 || b == Self.slash {
                nameEndRel = i - position
            }
            i += 1
        }
        let start = position + (closing ? 2 : 1)
        let end = i
        var nameEnd = nameEndRel < 0 ? end : position + nameEndRel
        if nameEnd > end { nameEnd = end }
        guard nameEnd > start, isNameStart(buffer[start]) else {
            throw error(.malformed, "a tag has no valid element name")
        }
        name = start..<nameEnd
        position = end + 1
        attributesParsed = false
        if closing {
            guard depth > 0 else { throw error(.malformed, "an end tag has no start tag") }
            guard topMatches(name) else {
                throw error(
                    .malformed, "</\(string(name))> does not close <\(topName)>")
            }
            popName()
            return .end
        }
        selfClosing = buffer[end - 1] == Self.slash
        rawAttributes = nameEnd..<(selfClosing ? end - 1 : end)
        pushName(name)
        pendingEnd = selfClosing
        return .start
    }

    private func isNameStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x3A || b >= 0x80
    }

    /// Skips a comment, CDATA section or declaration (the DOCTYPE with its internal subset).
    private mutating func skipMarkup() throws {
        guard try fill(4) else { throw error(.truncated, "the document ends inside markup") }
        if buffer[position + 2] == 0x2D, buffer[position + 3] == 0x2D {
            return try skipUntil("-->")
        }
        guard try fill(9) else { throw error(.truncated, "the document ends inside markup") }
        if buffer[(position + 2)..<(position + 9)].elementsEqual("[CDATA[".utf8) {
            return try skipUntil("]]>")
        }
        // <!DOCTYPE …> or another declaration: skip to '>' outside quotes and brackets. Inside
        // the internal subset only the closing ']' matters, so a declaration inside it that
        // lacks its own '>' (iOS 16 exports) does no harm.
        var i = position + 2
        var quote: UInt8 = 0
        var brackets = 0
        while true {
            if i >= buffer.count {
                let rel = i - position
                guard try fill(rel + 1) else {
                    throw error(.truncated, "the document ends inside a declaration")
                }
                i = position + rel
                continue
            }
            let b = buffer[i]
            if quote != 0 {
                if b == quote { quote = 0 }
            } else if b == 0x22 || b == 0x27 {
                quote = brackets > 0 ? 0 : b
            } else if b == 0x5B {
                brackets += 1
            } else if b == 0x5D {
                brackets = max(0, brackets - 1)
            } else if b == Self.gt, brackets == 0 {
                position = i + 1
                return
            }
            i += 1
        }
    }

    private mutating func skipUntil(_ terminator: String) throws {
        let t = Array(terminator.utf8)
        var from = position + 2
        while true {
            guard let hit = try find(t[0], from: &from) else {
                throw error(.truncated, "the document ends inside markup")
            }
            let rel = hit - position
            guard try fill(rel + t.count) else {
                throw error(.truncated, "the document ends inside markup")
            }
            let h = position + rel
            if buffer[h..<(h + t.count)].elementsEqual(t) {
                position = h + t.count
                return
            }
            from = h + 1
        }
    }

    private mutating func pushName(_ r: Range<Int>) {
        stack.append(contentsOf: buffer[r])
        stackEnds.append(stack.count)
    }

    private mutating func popName() {
        stackEnds.removeLast()
        stack.removeSubrange((stackEnds.last ?? 0)...)
    }

    private func topMatches(_ r: Range<Int>) -> Bool {
        let start = stackEnds.count > 1 ? stackEnds[stackEnds.count - 2] : 0
        return stack[start...].elementsEqual(buffer[r])
    }

    var topName: String {
        let start = stackEnds.count > 1 ? stackEnds[stackEnds.count - 2] : 0
        return String(decoding: stack[start...], as: UTF8.self)
    }

    /// The bytes of `r` as a string (no entity decoding).
    public func string(_ r: Range<Int>) -> String { String(decoding: buffer[r], as: UTF8.self) }

    /// Whether the current token's name is `literal`.
    public func nameIs(_ literal: StaticString) -> Bool { bytes(name, equal: literal) }

    /// Whether the bytes of `r` equal `literal`.
    public func bytes(_ r: Range<Int>, equal literal: StaticString) -> Bool {
        guard r.count == literal.utf8CodeUnitCount else { return false }
        let p = literal.utf8Start
        return buffer.withUnsafeBufferPointer { b in
            memcmp(b.baseAddress! + r.lowerBound, p, r.count) == 0
        }
    }

    /// The current element's name as a string.
    public var nameString: String { string(name) }
}
