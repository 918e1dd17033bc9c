import Foundation

/// A fast, forward-only XML tokenizer over a byte stream, for very large documents.
///
/// It reads the stream in chunks and reports start tags, end tags and text one at a time;
/// attributes are parsed only when asked for. It checks what a streaming importer depends on —
/// tags are closed, end tags match their start tags, the document does not end inside an element
/// — and it tolerates what real Apple Health exports contain: an inline DTD (including the iOS 16
/// one that lacks a `>`), undeclared elements, and stray control characters such as U+000B.
/// Ranges it returns are valid until the next call to `next()`.
public struct XMLScanner {
    /// What `next()` found.
    public enum Token: Sendable, Equatable { case start, end, text, endOfDocument }

    var buffer: [UInt8] = []
    var position = 0
    /// The absolute stream offset of `buffer[0]`.
    var base: Int64 = 0
    var atEOF = false
    let stream: ByteStream
    /// The name errors use.
    public let file: String
    var stack: [UInt8] = []
    var stackEnds: [Int] = []
    var attributesParsed = false
    var attributeSlots: [(name: Range<Int>, value: Range<Int>)] = []

    /// The current token's name bytes (start and end tags).
    public internal(set) var name: Range<Int> = 0..<0
    /// The raw attribute bytes of a start tag.
    public internal(set) var rawAttributes: Range<Int> = 0..<0
    /// Whether the start tag closes itself (`<x/>`); its end is then reported on the next call.
    public internal(set) var selfClosing = false
    /// The raw bytes of a text token.
    public internal(set) var textRange: Range<Int> = 0..<0
    /// The stream offset at which the current token starts.
    public internal(set) var tokenOffset: Int64 = 0
    var pendingEnd = false

    /// Scans `stream`; `file` names it in errors.
    public init(stream: ByteStream, file: String) {
        self.stream = stream; self.file = file
        buffer.reserveCapacity(1 << 21)
    }

    /// Element nesting depth after the current token.
    public var depth: Int { stackEnds.count }

    /// Bytes of the stream consumed so far.
    public var offset: Int64 { base + Int64(position) }

    func error(_ problem: ImportError.Problem, _ message: String, at: Int64? = nil)
        -> ImportError
    {
        ImportError(
            file: file, position: .byte(at ?? tokenOffset), problem: problem, message: message)
    }

    /// Makes at least `count` bytes from `position` available; `false` at the end of the stream.
    mutating func fill(_ count: Int) throws -> Bool {
        if position + count <= buffer.count { return true }
        guard count <= Self.longestToken else {
            throw error(.malformed, "a tag or text runs over 16 MiB (a bomb?); not read further")
        }
        if position > 0 {
            buffer.removeSubrange(0..<position)
            base += Int64(position)
            shiftRanges(by: position)
            position = 0
        }
        while buffer.count < count {
            if atEOF { return false }
            if try stream.read(into: &buffer, max: max(1 << 20, count - buffer.count)) == 0 {
                atEOF = true
            }
        }
        return true
    }

    private mutating func shiftRanges(by n: Int) {
        func s(_ r: Range<Int>) -> Range<Int> {
            r.lowerBound >= n ? (r.lowerBound - n)..<(r.upperBound - n) : 0..<0
        }
        name = s(name); rawAttributes = s(rawAttributes); textRange = s(textRange)
        attributesParsed = false
    }

    /// The longest tag or text the scanner holds: a longer one is refused, so memory stays
    /// bounded whatever the input.
    static let longestToken = 16 << 20

    /// Finds `byte` at or after `from`, loading more of the stream as needed.
    ///
    /// - Returns: its index in `buffer`, or `nil` at the end of the stream. `from` is shifted
    ///   along when the buffer is compacted.
    mutating func find(_ byte: UInt8, from: inout Int) throws -> Int? {
        while true {
            let hit: Int? = buffer.withUnsafeBufferPointer { b in
                guard from < b.count else { return nil }
                guard let p = memchr(b.baseAddress! + from, Int32(byte), b.count - from) else {
                    return nil
                }
                return b.baseAddress!.distance(to: p.assumingMemoryBound(to: UInt8.self))
            }
            if let hit { return hit }
            let keep = from - position
            let need = buffer.count - position + 1
            guard try fill(need) else { return nil }
            from = position + keep
        }
    }
}
