import CZlib
import Foundation

/// Inflates a deflate (zip entry) or gzip stream as it is read, in constant memory.
///
/// Checks the CRC-32 and length the container promises (zip) or carries (gzip), so a damaged
/// or truncated entry is an error, never silently short data. Holds zlib state: a class.
public final class InflateStream: ByteStream {
    /// The container around the compressed bytes.
    public enum Wrapping: Sendable { case rawDeflate, gzip }

    private let source: ByteStream
    private let stream: UnsafeMutablePointer<z_stream>
    private var input: [UInt8] = []
    private var inputStart = 0
    private var output: [UInt8]
    private var finished = false
    private var crc: UInt = 0
    private var produced: Int64 = 0
    private let expected: (crc: UInt32, size: Int64)?
    private let name: String

    public var sourceBytesRead: Int64 { source.sourceBytesRead }

    /// Wraps `source`; `expected` is the CRC-32 and size a zip directory promises.
    public init(
        source: ByteStream, wrapping: Wrapping, name: String,
        expected: (crc: UInt32, size: Int64)? = nil
    ) throws {
        self.source = source; self.name = name; self.expected = expected
        output = [UInt8](repeating: 0, count: 1 << 18)
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let bits: Int32 = wrapping == .rawDeflate ? -15 : 15 + 16
        let rc = inflateInit2_(stream, bits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else {
            stream.deallocate()
            throw ImportError(
                file: name, position: .file, problem: .unreadable,
                message: "the decompressor could not start")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    private func fail(_ problem: ImportError.Problem, _ message: String) -> ImportError {
        ImportError(file: name, position: .byte(produced), problem: problem, message: message)
    }

    /// How many times its compressed size an entry may grow, past `ratioFreeBytes`.
    public static let maxRatio: Int64 = 200
    /// What any entry may inflate to before `maxRatio` applies.
    public static let ratioFreeBytes: Int64 = 16 << 20

    /// Refuses an entry that inflates past the size its directory gives, or grows more than
    /// `maxRatio` times what has been read of it (a zip bomb), before it is handed on.
    private func checkBounds() throws {
        if let expected, expected.size >= 0, produced > expected.size {
            throw fail(
                .malformed,
                "the entry inflates to more than the \(expected.size) bytes its directory gives")
        }
        let read = Swift.max(1, source.sourceBytesRead)
        if produced > Self.ratioFreeBytes, produced > Self.maxRatio * read {
            throw fail(
                .malformed,
                "the data expands more than \(Self.maxRatio)-fold (a zip bomb?); not read further")
        }
    }

    public func read(into buffer: inout [UInt8], max: Int) throws -> Int {
        if finished { return 0 }
        while true {
            if inputStart == input.count {
                input.removeAll(keepingCapacity: true); inputStart = 0
                if try source.read(into: &input, max: 1 << 18) == 0 {
                    throw fail(.truncated, "the compressed data ends early (the file is truncated)")
                }
            }
            let want = min(max, output.count)
            var rc: Int32 = 0
            var got = 0
            input.withUnsafeMutableBufferPointer { inp in
                output.withUnsafeMutableBufferPointer { out in
                    stream.pointee.next_in = inp.baseAddress! + inputStart
                    stream.pointee.avail_in = UInt32(inp.count - inputStart)
                    stream.pointee.next_out = out.baseAddress!
                    stream.pointee.avail_out = UInt32(want)
                    rc = inflate(stream, Z_NO_FLUSH)
                    inputStart = inp.count - Int(stream.pointee.avail_in)
                    got = want - Int(stream.pointee.avail_out)
                    if got > 0 { crc = crc32(crc, out.baseAddress!, UInt32(got)) }
                }
            }
            guard rc == Z_OK || rc == Z_STREAM_END || rc == Z_BUF_ERROR else {
                throw fail(.malformed, "the compressed data is damaged")
            }
            produced += Int64(got)
            try checkBounds()
            buffer.append(contentsOf: output[0..<got])
            if rc == Z_STREAM_END {
                finished = true
                if let expected {
                    guard UInt32(truncatingIfNeeded: crc) == expected.crc,
                        produced == expected.size || expected.size < 0
                    else { throw fail(.badChecksum, "the CRC-32 of the entry does not match") }
                }
                return got
            }
            if got > 0 { return got }
        }
    }
}
