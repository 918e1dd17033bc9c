import Foundation

/// Decodes the FIT binary protocol: file header, record headers (normal and compressed
/// timestamp), definition and data messages in either byte order, developer fields (skipped),
/// and the CRC-16 of the header and the file. Chained files (several FIT files back to back)
/// are read one after another.
///
/// The decoder does not interpret messages; it hands each data message to a visitor with a
/// reader for its fields, so a caller takes only the fields it needs without allocation.
public struct FITDecoder {
    /// One field of a definition: number, byte offset in the message, size and base type.
    struct FieldSlot {
        var number: UInt8
        var offset: Int
        var size: Int
        var baseType: UInt8
    }

    /// A local message definition.
    struct Definition {
        var global: UInt16
        var bigEndian: Bool
        var fields: [FieldSlot]
        var length: Int
        var timestampSlot: Int?
    }

    /// The name errors use.
    public let file: String
    let bytes: [UInt8]

    /// Creates a decoder for the bytes of one file.
    public init(bytes: [UInt8], file: String) { self.bytes = bytes; self.file = file }

    func fail(_ at: Int, _ problem: ImportError.Problem, _ message: String) -> ImportError {
        ImportError(file: file, position: .byte(Int64(at)), problem: problem, message: message)
    }

    /// Reads every data message, checking every header and CRC before the first visit.
    ///
    /// - Parameter visit: called with each data message (global number, timestamp, fields).
    /// - Throws: `ImportError` naming the byte offset of the first problem; when it throws, no
    ///   message of the file has been visited.
    public func decode(_ visit: (FITMessage) throws -> Void) throws {
        try validate()
        var at = 0
        while at < bytes.count {
            at = try decodeFile(at: at, visit: visit)
        }
    }

    /// Checks headers, sizes and CRCs of every chained file.
    func validate() throws {
        var at = 0
        guard bytes.count >= 12 else {
            throw fail(0, .truncated, "shorter than a FIT header")
        }
        while at < bytes.count {
            let (headerSize, dataSize) = try header(at: at)
            let end = at + headerSize + dataSize
            guard end + 2 <= bytes.count else {
                throw fail(
                    bytes.count, .truncated,
                    "the file ends before its \(dataSize) data bytes and CRC (it is truncated)")
            }
            let crc = FITCRC.compute(bytes, at..<end)
            let stored = UInt16(bytes[end]) | UInt16(bytes[end + 1]) << 8
            guard crc == stored else {
                throw fail(end, .badChecksum, "the file CRC does not match its contents")
            }
            at = end + 2
        }
    }

    func header(at: Int) throws -> (Int, Int) {
        guard at + 12 <= bytes.count else { throw fail(at, .truncated, "a FIT header is cut off") }
        let size = Int(bytes[at])
        guard size == 12 || size == 14, bytes[(at + 8)..<(at + 12)].elementsEqual(".FIT".utf8)
        else {
            throw fail(at, .wrongMagic, "no FIT header (expected '.FIT' at byte \(at + 8))")
        }
        guard at + size <= bytes.count else { throw fail(at, .truncated, "the header is cut off") }
        if size == 14 {
            let stored = UInt16(bytes[at + 12]) | UInt16(bytes[at + 13]) << 8
            if stored != 0, stored != FITCRC.compute(bytes, at..<(at + 12)) {
                throw fail(at + 12, .badChecksum, "the header CRC does not match")
            }
        }
        let dataSize = Int(bytes.le32(at + 4))
        return (size, dataSize)
    }

    private func decodeFile(at start: Int, visit: (FITMessage) throws -> Void) throws -> Int {
        let (headerSize, dataSize) = try header(at: start)
        var at = start + headerSize
        let end = at + dataSize
        var defs = [Definition?](repeating: nil, count: 16)
        var lastTimestamp: UInt32 = 0
        while at < end {
            let h = bytes[at]
            at += 1
            if h & 0x80 != 0 {
                let local = Int((h >> 5) & 0x03)
                let offset = UInt32(h & 0x1F)
                var ts = (lastTimestamp & ~0x1F) + offset
                if offset < lastTimestamp & 0x1F { ts += 0x20 }
                lastTimestamp = ts
                at = try data(local: local, defs: defs, at: at, end: end, timestamp: ts, visit)
            } else if h & 0x40 != 0 {
                let (def, next) = try definition(at: at, end: end, developer: h & 0x20 != 0)
                defs[Int(h & 0x0F)] = def
                at = next
            } else {
                let local = Int(h & 0x0F)
                var ts: UInt32?
                if let def = defs[local], let slot = def.timestampSlot, at + def.length <= end {
                    let m = FITMessage(
                        bytes: bytes, start: at, definition: def, timestamp: 0)
                    ts = m.uint(slot)
                }
                if let ts { lastTimestamp = ts }
                at = try data(
                    local: local, defs: defs, at: at, end: end, timestamp: ts ?? lastTimestamp,
                    visit)
            }
        }
        return end + 2
    }

    private func definition(at: Int, end: Int, developer: Bool) throws -> (Definition, Int) {
        guard at + 5 <= end else {
            throw fail(at, .truncated, "a definition message runs past the end of the data")
        }
        let big = bytes[at + 1] == 1
        let global =
            big
            ? UInt16(bytes[at + 2]) << 8 | UInt16(bytes[at + 3])
            : UInt16(bytes[at + 2]) | UInt16(bytes[at + 3]) << 8
        let count = Int(bytes[at + 4])
        var p = at + 5
        guard p + 3 * count <= end else {
            throw fail(at, .truncated, "a definition message runs past the end of the data")
        }
        var fields: [FieldSlot] = []
        var offset = 0
        var tsSlot: Int?
        for _ in 0..<count {
            let slot = FieldSlot(
                number: bytes[p], offset: offset, size: Int(bytes[p + 1]), baseType: bytes[p + 2])
            if slot.number == 253, slot.size == 4 { tsSlot = fields.count }
            fields.append(slot)
            offset += slot.size
            p += 3
        }
        if developer {
            guard p < end else { throw fail(p, .truncated, "a definition runs past the end") }
            let devCount = Int(bytes[p])
            p += 1
            guard p + 3 * devCount <= end else {
                throw fail(p, .truncated, "a definition runs past the end")
            }
            for _ in 0..<devCount {
                offset += Int(bytes[p + 1])  // developer fields are skipped by size
                p += 3
            }
        }
        let def = Definition(
            global: global, bigEndian: big, fields: fields, length: offset, timestampSlot: tsSlot)
        return (def, p)
    }

    private func data(
        local: Int, defs: [Definition?], at: Int, end: Int, timestamp: UInt32,
        _ visit: (FITMessage) throws -> Void
    ) throws -> Int {
        guard let def = defs[local] else {
            throw fail(
                at - 1, .malformed, "a data message uses local type \(local) before its definition")
        }
        guard at + def.length <= end else {
            throw fail(at - 1, .truncated, "a record runs past the end of the data")
        }
        try visit(FITMessage(bytes: bytes, start: at, definition: def, timestamp: timestamp))
        return at + def.length
    }
}

/// FIT's CRC-16 (CRC-16/ARC: reflected polynomial 0xA001, initial value 0), a byte at a time
/// from a 256-entry table equivalent to the protocol's nibble table.
enum FITCRC {
    static let table: [UInt16] = (0..<256).map { (i: Int) -> UInt16 in
        var c = UInt16(i)
        for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ 0xA001 : c >> 1 }
        return c
    }

    static func compute(_ bytes: [UInt8], _ range: Range<Int>) -> UInt16 {
        table.withUnsafeBufferPointer { t in
            bytes.withUnsafeBufferPointer { b in
                var crc: UInt16 = 0
                for i in range { crc = (crc >> 8) ^ t[Int((crc ^ UInt16(b[i])) & 0xFF)] }
                return crc
            }
        }
    }
}
