import Foundation

/// Splits the MCP client's byte stream into request lines in linear time, with bounds.
///
/// Each byte is looked at once. A line over `maxLineBytes` is dropped as it streams in (never
/// held) and reported once its newline arrives; a line whose JSON nests deeper than `maxDepth`
/// is reported instead of handed on. Both are answered with a JSON-RPC error by the transport.
struct MCPLineReader {
    /// What the next complete line is.
    enum Event: Equatable {
        /// A request line to hand to the server.
        case message([UInt8])
        /// A line longer than the limit (its bytes were dropped).
        case tooLong
        /// A line that nests arrays and objects deeper than the limit.
        case tooDeep
    }

    /// The longest request line accepted, in bytes.
    static let defaultMaxLineBytes = 4 << 20
    /// The deepest nesting of arrays and objects accepted.
    static let defaultMaxDepth = 64

    let maxLineBytes: Int
    let maxDepth: Int
    private var line: [UInt8] = []
    private var overlong = false
    private var ready: [Event] = []

    /// A reader with the given bounds.
    init(maxLineBytes: Int = defaultMaxLineBytes, maxDepth: Int = defaultMaxDepth) {
        self.maxLineBytes = maxLineBytes; self.maxDepth = maxDepth
    }

    /// Takes bytes as they were read; complete lines become events.
    mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        for b in bytes {
            if b == 0x0A {
                finishLine()
            } else if !overlong {
                if line.count == maxLineBytes {
                    overlong = true
                    line = []
                } else {
                    line.append(b)
                }
            }
        }
    }

    /// The next event, oldest first, or `nil` when no line is complete.
    mutating func next() -> Event? { ready.isEmpty ? nil : ready.removeFirst() }

    private mutating func finishLine() {
        defer { line.removeAll(keepingCapacity: line.capacity <= 1 << 16); overlong = false }
        if overlong { ready.append(.tooLong); return }
        if line.last == 0x0D { line.removeLast() }
        guard !line.isEmpty else { return }
        ready.append(Self.depth(line) > maxDepth ? .tooDeep : .message(line))
    }

    /// The deepest nesting of `[` and `{` in `json`, outside strings.
    static func depth(_ json: [UInt8]) -> Int {
        var depth = 0, deepest = 0
        var inString = false, escaped = false
        for b in json {
            if inString {
                if escaped {
                    escaped = false
                } else if b == 0x5C {
                    escaped = true
                } else if b == 0x22 {
                    inString = false
                }
            } else if b == 0x22 {
                inString = true
            } else if b == 0x5B || b == 0x7B {
                depth += 1; deepest = max(deepest, depth)
            } else if b == 0x5D || b == 0x7D {
                depth -= 1
            }
        }
        return deepest
    }

    /// The JSON-RPC error answering a refused line (its id is unknown, hence `null`).
    static func refusal(_ event: Event) -> Data {
        let message =
            event == .tooLong
            ? "request line longer than \(defaultMaxLineBytes >> 20) MiB; refused"
            : "request nested deeper than \(defaultMaxDepth) levels; refused"
        return Data(
            #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"\#(message)"}}"#.utf8)
    }
}
