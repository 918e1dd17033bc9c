/// The padding of a check-in's plaintext before sealing: ISO/IEC 7816-4 (a 0x80 byte, then
/// zeros) to the smallest bucket it fits, so the ciphertext shows only which bucket.
public enum CheckinPadding {
    /// The padded sizes, smallest first.
    public static let buckets = [256, 512, 1_024, 2_048]

    /// The plaintext padded to the smallest bucket that holds it and the 0x80 byte.
    ///
    /// - Returns: the padded bytes, or nil when the plaintext fits no bucket.
    public static func pad(_ plaintext: [UInt8]) -> [UInt8]? {
        guard let size = buckets.first(where: { $0 > plaintext.count }) else { return nil }
        return plaintext + [0x80] + [UInt8](repeating: 0, count: size - plaintext.count - 1)
    }

    /// The plaintext of padded bytes.
    ///
    /// - Returns: the bytes before the padding, or nil when the size is not a bucket or the
    ///   padding is not a 0x80 byte followed by zeros only.
    public static func unpad(_ padded: [UInt8]) -> [UInt8]? {
        guard buckets.contains(padded.count),
            let mark = padded.lastIndex(where: { $0 != 0 }), padded[mark] == 0x80
        else { return nil }
        return Array(padded[..<mark])
    }
}
