import Foundation

/// A forward-only source of bytes: a file, a part of one, or an inflated archive entry.
///
/// Resource owners (they hold descriptors and zlib state), hence class-bound.
public protocol ByteStream: AnyObject {
    /// Appends up to `max` bytes to `buffer`.
    ///
    /// - Returns: how many bytes were appended; 0 only at the end of the stream.
    /// - Throws: `ImportError` when the bytes cannot be read or are corrupt.
    func read(into buffer: inout [UInt8], max: Int) throws -> Int
    /// Bytes of the file on disk consumed so far (for progress).
    var sourceBytesRead: Int64 { get }
}

/// Reads a file (or a byte range of it) with plain `read(2)` calls.
public final class FileStream: ByteStream {
    private let fd: Int32
    private var remaining: Int64
    private var scratch: [UInt8]
    /// The name errors use.
    public let name: String
    public private(set) var sourceBytesRead: Int64 = 0

    /// Opens `path`, optionally at `offset` for `length` bytes.
    ///
    /// The file is opened without blocking and refused unless it is a regular file, so a FIFO,
    /// socket or device never hangs or floods an import.
    /// - Throws: `ImportError` (`unreadable`) when the file cannot be opened or is not a
    ///   regular file.
    public init(path: String, name: String? = nil, offset: Int64 = 0, length: Int64? = nil) throws {
        self.name = name ?? path
        fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw ImportError(
                file: self.name, position: .file, problem: .unreadable,
                message: "cannot be opened for reading")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw ImportError(
                file: self.name, position: .file, problem: .unreadable,
                message: "is not a regular file (a FIFO, socket or device), so it is not read")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        if offset > 0 { lseek(fd, off_t(offset), SEEK_SET) }
        remaining = length ?? Int64.max
        scratch = [UInt8](repeating: 0, count: 1 << 20)
    }

    deinit { close(fd) }

    public func read(into buffer: inout [UInt8], max: Int) throws -> Int {
        let want = Int(min(Int64(min(max, scratch.count)), remaining))
        guard want > 0 else { return 0 }
        let n = scratch.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, want) }
        guard n >= 0 else {
            throw ImportError(
                file: name, position: .byte(sourceBytesRead), problem: .unreadable,
                message: "read failed")
        }
        buffer.append(contentsOf: scratch[0..<n])
        remaining -= Int64(n)
        sourceBytesRead += Int64(n)
        return n
    }

    /// Whether `path` (links followed) is a regular file.
    public static func isRegular(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The size of the file at `path`, or `nil` when it cannot be read; a symbolic link is
    /// followed (its target's size, not the link's own).

    public static func size(of path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }
}

/// A byte stream over bytes already in memory (tests, small archive entries).
public final class MemoryStream: ByteStream {
    private let bytes: [UInt8]
    private var position = 0
    public var sourceBytesRead: Int64 { Int64(position) }

    /// Streams `bytes`.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public func read(into buffer: inout [UInt8], max: Int) throws -> Int {
        let n = min(max, bytes.count - position)
        buffer.append(contentsOf: bytes[position..<(position + n)])
        position += n
        return n
    }
}

extension ByteStream {
    /// Reads the whole stream (for small inputs such as one activity file).
    public func readAll(limit: Int = 1 << 30) throws -> [UInt8] {
        var out: [UInt8] = []
        while out.count < limit, try read(into: &out, max: 1 << 20) > 0 {}
        return out
    }
}
