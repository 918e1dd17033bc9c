/// Record ids in the compact form: a lowercase UUID as its 16 bytes, any other id as a string.
///
/// Most ids are UUIDs in lowercase text (36 bytes, about 18 once a chunk is compressed); their
/// 16 bytes are marked by a length of −1, which no string has. Only an id that prints back
/// exactly as it was given takes the short form, so every id reads back unchanged.
public enum CompactIdentifier {
    static let uuidMark = -1

    /// The 16 bytes of a lowercase UUID text, or nil for any other id.
    ///
    /// - Parameter id: a record id.
    /// - Returns: the bytes, when `id` prints back from them exactly.
    public static func uuidBytes(_ id: String) -> [UInt8]? {
        var id = id
        return id.withUTF8 { utf8 -> [UInt8]? in
            guard utf8.count == 36 else { return nil }
            var out = [UInt8](repeating: 0, count: 16)
            var nibble = 0
            for i in 0..<36 {
                let c = utf8[i]
                if i == 8 || i == 13 || i == 18 || i == 23 {
                    guard c == 0x2D else { return nil }
                    continue
                }
                let v: UInt8
                switch c {
                case 0x30...0x39: v = c - 0x30
                case 0x61...0x66: v = c - 0x61 + 10
                default: return nil
                }
                out[nibble >> 1] |= nibble & 1 == 0 ? v << 4 : v
                nibble += 1
            }
            return out
        }
    }

    /// The lowercase UUID text of 16 bytes.
    ///
    /// - Parameter bytes: exactly 16 bytes (the caller checks the count).
    public static func text(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { text($0) }
    }

    /// The lowercase UUID text of the 16 bytes `bytes` points at.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: 36) { out in
            func digit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x61 + v - 10 }
            var j = 0
            for i in 0..<16 {
                if i == 4 || i == 6 || i == 8 || i == 10 {
                    out[j] = 0x2D
                    j += 1
                }
                out[j] = digit(bytes[i] >> 4)
                out[j + 1] = digit(bytes[i] & 0x0f)
                j += 2
            }
            return 36
        }
    }
}

extension CompactWriter {
    /// Writes a record id (see `CompactIdentifier`).
    mutating func id(_ value: String) {
        if let bytes = CompactIdentifier.uuidBytes(value) {
            int(CompactIdentifier.uuidMark)
            fixed(bytes)
        } else {
            string(value)
        }
    }
}

extension CompactReader {
    /// Reads a record id written by `CompactWriter.id(_:)`.
    mutating func id() throws -> String {
        let n = try int()
        if n == CompactIdentifier.uuidMark {
            return try withFixed(16) { CompactIdentifier.text($0) }
        }
        return try withFixed(n) { String(decoding: $0, as: UTF8.self) }
    }
}
