import CoachCrypto

/// The framing the log's signed values share in their byte form: a magic byte of their own
/// (so one kind never reads as another), a format version, then `CompactWriter` fields.
/// Sizes and counters are LEB128, times 8 bytes big-endian, hashes, keys and signatures their
/// fixed lengths.
enum LogByteForm {
    /// The first byte of a `SignedTreeHead`.
    static let treeHeadMagic: UInt8 = 0xC1
    /// The first byte of a `LogKeyCertificate`.
    static let keyCertificateMagic: UInt8 = 0xC2
    /// The first byte of a `TreeHeadCountersignature`.
    static let countersignatureMagic: UInt8 = 0xC3
    /// The first byte of a `LogResetStatement`.
    static let resetMagic: UInt8 = 0xC4
    /// The length of a root, a key id and a roster head (BLAKE2b-256 or SHA-256).
    static let hashBytes = 32

    /// A writer that has written the magic byte and the version.
    static func writer(magic: UInt8, version: Int) -> CompactWriter {
        var writer = CompactWriter()
        writer.raw([magic, UInt8(version)])
        return writer
    }

    /// A reader past the magic byte and the version of `bytes`.
    ///
    /// - Throws: `LogFailure.malformed` when the magic byte is not `magic`,
    ///   `.unsupportedVersion` when the version is not `version`.
    static func reader(
        _ bytes: [UInt8], magic: UInt8, version: Int, what: String
    ) throws(LogFailure) -> CompactReader {
        var reader = CompactReader(bytes)
        guard reader.raw(1) == [magic], let found = reader.raw(1)?.first else {
            throw .malformed("\(what) (not one)")
        }
        guard Int(found) == version else {
            throw .unsupportedVersion(what: what, version: Int(found))
        }
        return reader
    }

    /// Appends a time: 8 bytes big-endian.
    static func write(time: Int64, to writer: inout CompactWriter) {
        let bits = UInt64(bitPattern: time)
        writer.raw((0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * $0)) })
    }

    /// The next time, or nil when the input ends first.
    static func time(_ reader: inout CompactReader) -> Int64? {
        guard let raw = reader.raw(8) else { return nil }
        return Int64(bitPattern: raw.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    /// The 16-hex-digit fingerprint of a key id, for messages.
    static func fingerprint(_ keyId: [UInt8]) -> String {
        keyId.prefix(8).map { byte in
            let digits = Array("0123456789abcdef")
            return "\(digits[Int(byte >> 4)])\(digits[Int(byte & 0x0F)])"
        }.joined()
    }
}
