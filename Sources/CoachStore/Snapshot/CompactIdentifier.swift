/// Record ids in the compact form: a lowercase UUID as its 16 bytes, any other id as a string.
///
/// Most ids are UUIDs in lowercase text (36 bytes, about 18 once a chunk is compressed); their
/// 16 bytes are marked by a length of −1, which no string has. Only an id that prints back
/// exactly as it was given takes the short form, so every id reads back unchanged.
enum CompactIdentifier {
    static let uuidMark = -1
    private static let dashes: Set<Int> = [8, 13, 18, 23]
    private static let hex = Array("0123456789abcdef".utf8)

    /// The 16 bytes of a lowercase UUID text, or nil for any other id.
    static func uuidBytes(_ id: String) -> [UInt8]? {
        let utf8 = Array(id.utf8)
        guard utf8.count == 36 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(16)
        var high: UInt8? = nil
        for (i, c) in utf8.enumerated() {
            if dashes.contains(i) {
                guard c == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let v = hex.firstIndex(of: c) else { return nil }
            if let h = high {
                out.append(h << 4 | UInt8(v))
                high = nil
            } else {
                high = UInt8(v)
            }
        }
        return out
    }

    /// The lowercase UUID text of 16 bytes.
    static func text(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (i, b) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(i) { out.append(UInt8(ascii: "-")) }
            out.append(hex[Int(b >> 4)])
            out.append(hex[Int(b & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
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
        if n == CompactIdentifier.uuidMark { return CompactIdentifier.text(try fixed(16)) }
        return String(decoding: try fixed(n), as: UTF8.self)
    }
}
