/// Splits a byte stream into newline-terminated lines, refusing any line over a size limit.
///
/// Feed bytes as they arrive; take complete lines out one at a time. A line longer than
/// `maxLineBytes` is an error as soon as it is known to be too long, so a peer that floods the
/// stream without newlines cannot make the reader buffer it all.
public struct LineFramer: Sendable {
    /// A line grew past the limit.
    public struct LineTooLong: Error, Sendable, Equatable {
        public let limit: Int
    }

    public let maxLineBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0

    /// A framer refusing lines over `maxLineBytes` (newline not counted).
    public init(maxLineBytes: Int = PluginProtocol.maxLineBytes) {
        self.maxLineBytes = maxLineBytes
    }

    /// Appends bytes read from the stream.
    public mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
            scanned = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Bytes held that are not yet part of a complete line.
    public var pendingCount: Int { buffer.count - start }

    /// The next complete line without its newline (a trailing `\r` is dropped), or nil.
    ///
    /// - Throws: `LineTooLong` when the pending line is over the limit.
    public mutating func nextLine() throws -> [UInt8]? {
        var i = max(start, scanned)
        while i < buffer.count {
            if buffer[i] == 0x0A {
                var end = i
                if end > start && buffer[end - 1] == 0x0D { end -= 1 }
                guard end - start <= maxLineBytes else { throw LineTooLong(limit: maxLineBytes) }
                let line = Array(buffer[start..<end])
                start = i + 1
                scanned = start
                if start > 1 << 16 {
                    buffer.removeFirst(start)
                    start = 0
                    scanned = 0
                }
                return line
            }
            i += 1
        }
        scanned = i
        if buffer.count - start > maxLineBytes { throw LineTooLong(limit: maxLineBytes) }
        return nil
    }
}
