import CoachKit
import Foundation
import MCP

/// The MCP transport over standard input and output, framed by `MCPLineReader`.
///
/// Replaces the SDK's stdio transport, whose framing rescans the whole pending input for
/// every read (quadratic in a line's length) and drops undecodable requests without a word:
/// here a line over the limit or nested too deeply is answered with a JSON-RPC error.
actor BoundedStdioTransport: Transport {
    /// The SDK's silent logger (its stdio transport is made for nothing else and never connected,
    /// so this module needs no logging library of its own).
    nonisolated let logger = StdioTransport().logger
    private var connected = false
    private let replies = ReplyTracker()
    private let stream: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation

    init() {
        (stream, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        guard !connected else { return }
        connected = true
        // Blocking reads on a thread of their own: never on the actor or the shared pool.
        let continuation = continuation, replies = replies
        Thread { Self.readLoop(continuation, replies: replies) }.start()
    }

    func disconnect() async {
        connected = false
        continuation.finish()
    }

    func receive() -> AsyncThrowingStream<Data, any Error> { stream }

    func send(_ data: Data) async throws {
        guard Self.writeLine([UInt8](data)) else {
            throw MCPError.internalError("standard output is closed")
        }
        replies.sent(data)
    }

    /// Serialises whole lines on standard output (replies and refusals come from two threads).
    private static let writer = LockedValue(())

    /// Writes `bytes` and a newline to standard output; `false` when it is closed.
    private static func writeLine(_ bytes: [UInt8]) -> Bool {
        var bytes = bytes
        bytes.append(0x0A)
        return writer.withLock { _ in
            var at = 0
            while at < bytes.count {
                let n = bytes[at...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                if n <= 0 { return false }
                at += n
            }
            return true
        }
    }

    private static func readLoop(
        _ continuation: AsyncThrowingStream<Data, any Error>.Continuation, replies: ReplyTracker
    ) {
        var reader = MCPLineReader()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            reader.append(chunk[0..<n])
            while let event = reader.next() {
                if case .message(let line) = event {
                    replies.read(line)
                    continuation.yield(Data(line))
                } else {
                    _ = writeLine([UInt8](MCPLineReader.refusal(event)))
                }
            }
        }
        // The input has ended: let the replies being made go out first (a request the SDK
        // never answers, such as one cancelled, releases the wait after ten seconds).
        for _ in 0..<10_000 where !replies.drained { usleep(1000) }
        continuation.finish()
    }
}
