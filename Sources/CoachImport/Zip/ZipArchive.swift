import Foundation

/// The central directory of a zip file, read from its end; entries are streamed on demand.
///
/// Supports stored and deflated entries and the zip64 extensions real multi-gigabyte exports
/// use. A file whose directory is missing or points outside the file (a truncated download) is
/// rejected before anything is read from it.
public struct ZipArchive: Sendable {
    /// One file inside the archive.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var method: UInt16
        public var crc: UInt32
        public var compressedSize: Int64
        public var size: Int64
        public var localHeaderOffset: Int64
    }

    /// The path of the archive.
    public let path: String
    /// The name errors use.
    public let name: String
    /// The entries in directory order.
    public let entries: [Entry]
    /// The archive's size in bytes.
    public let fileSize: Int64

    /// Reads the central directory of the zip at `path`.
    ///
    /// - Throws: `ImportError` when the file is not a zip or is truncated or damaged.
    public init(path: String, name: String? = nil) throws {
        self.path = path
        let name = name ?? path
        self.name = name
        guard let size = FileStream.size(of: path) else {
            throw ImportError(
                file: name, position: .file, problem: .unreadable, message: "cannot be read")
        }
        fileSize = size
        func fail(_ at: Int64, _ p: ImportError.Problem, _ m: String) -> ImportError {
            ImportError(file: name, position: .byte(at), problem: p, message: m)
        }
        let tailLength = min(size, 65_557 + 20)
        let tail = try Self.bytes(path, name: name, at: size - tailLength, count: Int(tailLength))
        guard let eocd = Self.lastIndex(of: [0x50, 0x4B, 0x05, 0x06], in: tail, minRoom: 22) else {
            throw fail(
                size, .truncated,
                "no zip directory at the end of the file (the download may be incomplete)")
        }
        var count = Int64(tail.le16(eocd + 10))
        var dirSize = Int64(tail.le32(eocd + 12))
        var dirOffset = Int64(tail.le32(eocd + 16))
        if dirOffset == 0xFFFF_FFFF || count == 0xFFFF, eocd >= 20,
            tail.le32(eocd - 20) == 0x0706_4B50
        {
            let z64 = Int64(tail.le64(eocd - 12))
            let rec = try Self.bytes(path, name: name, at: z64, count: 56)
            guard rec.le32(0) == 0x0606_4B50 else {
                throw fail(z64, .malformed, "the zip64 directory record is damaged")
            }
            count = Int64(rec.le64(32)); dirSize = Int64(rec.le64(40))
            dirOffset = Int64(rec.le64(48))
        }
        guard dirOffset + dirSize <= size - (tailLength - Int64(eocd)), dirSize < 1 << 30 else {
            throw fail(
                size, .truncated,
                "the zip directory points past the end of the file (the file is truncated)")
        }
        let dir = try Self.bytes(path, name: name, at: dirOffset, count: Int(dirSize))
        var out: [Entry] = []
        var i = 0
        for _ in 0..<count {
            guard i + 46 <= dir.count, dir.le32(i) == 0x0201_4B50 else {
                throw fail(dirOffset + Int64(i), .malformed, "the zip directory is damaged")
            }
            let nameLen = Int(dir.le16(i + 28)), extraLen = Int(dir.le16(i + 30))
            let commentLen = Int(dir.le16(i + 32))
            guard i + 46 + nameLen + extraLen <= dir.count else {
                throw fail(dirOffset + Int64(i), .malformed, "the zip directory is damaged")
            }
            var entry = Entry(
                name: String(decoding: dir[(i + 46)..<(i + 46 + nameLen)], as: UTF8.self),
                method: dir.le16(i + 10), crc: dir.le32(i + 16),
                compressedSize: Int64(dir.le32(i + 20)), size: Int64(dir.le32(i + 24)),
                localHeaderOffset: Int64(dir.le32(i + 42)))
            Self.applyZip64(
                &entry, extra: Array(dir[(i + 46 + nameLen)..<(i + 46 + nameLen + extraLen)]))
            guard entry.localHeaderOffset + entry.compressedSize <= dirOffset else {
                throw fail(
                    entry.localHeaderOffset, .truncated,
                    "entry \(entry.name) runs past the end of its data (the file is truncated)")
            }
            out.append(entry)
            i += 46 + nameLen + extraLen + commentLen
        }
        entries = out
    }

    private static func applyZip64(_ e: inout Entry, extra: [UInt8]) {
        var j = 0
        while j + 4 <= extra.count {
            let id = extra.le16(j), len = Int(extra.le16(j + 2))
            if id == 1 {
                var k = j + 4
                if e.size == 0xFFFF_FFFF, k + 8 <= extra.count {
                    e.size = Int64(extra.le64(k)); k += 8
                }
                if e.compressedSize == 0xFFFF_FFFF, k + 8 <= extra.count {
                    e.compressedSize = Int64(extra.le64(k)); k += 8
                }
                if e.localHeaderOffset == 0xFFFF_FFFF, k + 8 <= extra.count {
                    e.localHeaderOffset = Int64(extra.le64(k))
                }
            }
            j += 4 + len
        }
    }

    /// A stream of the uncompressed bytes of `entry`, checked against its CRC-32 at the end.
    public func open(_ entry: Entry) throws -> ByteStream {
        let header = try Self.bytes(path, name: name, at: entry.localHeaderOffset, count: 30)
        guard header.le32(0) == 0x0403_4B50 else {
            throw ImportError(
                file: name, position: .byte(entry.localHeaderOffset), problem: .malformed,
                message: "entry \(entry.name) has no local header")
        }
        let start = entry.localHeaderOffset + 30 + Int64(header.le16(26)) + Int64(header.le16(28))
        let raw = try FileStream(
            path: path, name: name, offset: start, length: entry.compressedSize)
        switch entry.method {
        case 0: return raw
        case 8:
            return try InflateStream(
                source: raw, wrapping: .rawDeflate, name: "\(name) (\(entry.name))",
                expected: (entry.crc, entry.size))
        default:
            throw ImportError(
                file: name, position: .byte(entry.localHeaderOffset), problem: .malformed,
                message: "entry \(entry.name) uses compression method \(entry.method)")
        }
    }

    static func bytes(_ path: String, name: String, at offset: Int64, count: Int) throws
        -> [UInt8]
    {
        let s = try FileStream(path: path, name: name, offset: max(0, offset), length: Int64(count))
        let b = try s.readAll()
        guard b.count == count, offset >= 0 else {
            throw ImportError(
                file: name, position: .byte(offset), problem: .truncated,
                message: "the zip file ends early (it is truncated)")
        }
        return b
    }

    static func lastIndex(of sig: [UInt8], in b: [UInt8], minRoom: Int) -> Int? {
        var i = b.count - minRoom
        while i >= 0 {
            if b[i] == sig[0], b[i + 1] == sig[1], b[i + 2] == sig[2], b[i + 3] == sig[3] {
                return i
            }
            i -= 1
        }
        return nil
    }
}

extension Array where Element == UInt8 {
    func le16(_ i: Int) -> UInt16 { UInt16(self[i]) | UInt16(self[i + 1]) << 8 }
    func le32(_ i: Int) -> UInt32 {
        UInt32(self[i]) | UInt32(self[i + 1]) << 8 | UInt32(self[i + 2]) << 16
            | UInt32(self[i + 3]) << 24
    }
    func le64(_ i: Int) -> UInt64 { UInt64(le32(i)) | UInt64(le32(i + 4)) << 32 }
}
