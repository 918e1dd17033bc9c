import CZlib

/// zlib compression of a snapshot chunk's plaintext, before it is padded and sealed.
///
/// Layout: the plaintext's length as a varint, then its zlib stream. A chunk holds records of
/// one kind of one athlete and month, so field tags, days and repeated values compress well;
/// the sealed row is then padded as before, so only the compressed length (in 256-byte steps)
/// shows. Only holders of the athlete's key write into a chunk, and they can read all of it
/// anyway, so the compressed length tells nobody anything they could not read.
public enum ChunkCompression {
    /// The largest plaintext a chunk may claim to hold (far above a month of any kind).
    public static let maxPlainLength = 64 << 20

    /// The length of `plain` as a varint, then its zlib stream (level 6).
    ///
    /// - Throws: `CompactReader.Malformed` when zlib refuses the input.
    public static func compress(_ plain: [UInt8]) throws -> [UInt8] {
        var w = CompactWriter(capacity: 16)
        w.int(plain.count)
        var out = [UInt8](repeating: 0, count: Int(compressBound(uLong(plain.count))))
        var length = uLongf(out.count)
        let rc = out.withUnsafeMutableBufferPointer { o in
            plain.withUnsafeBufferPointer { p in
                compress2(o.baseAddress, &length, p.baseAddress, uLong(p.count), 6)
            }
        }
        guard rc == Z_OK else { throw CompactReader.Malformed() }
        return w.bytes + out.prefix(Int(length))
    }

    /// The plaintext of bytes `compress` made.
    ///
    /// - Throws: `CompactReader.Malformed` when the bytes do not inflate to the length they claim.
    public static func decompress(_ bytes: [UInt8]) throws -> [UInt8] {
        var r = CompactReader(bytes)
        let count = try r.int()
        guard count > 0, count <= maxPlainLength else { throw CompactReader.Malformed() }
        let start = r.position
        var length = uLongf(count)
        var rc = Z_OK
        let out = [UInt8](unsafeUninitializedCapacity: count) { o, initialized in
            bytes.withUnsafeBufferPointer { b in
                let s = UnsafeBufferPointer(rebasing: b[start...])
                rc = uncompress(o.baseAddress, &length, s.baseAddress, uLong(s.count))
            }
            // Only the inflated prefix is kept; a short stream is refused below.
            initialized = rc == Z_OK ? Int(length) : 0
        }
        guard rc == Z_OK, Int(length) == count else { throw CompactReader.Malformed() }
        return out
    }
}
