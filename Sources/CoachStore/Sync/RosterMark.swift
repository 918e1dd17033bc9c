import CoachCrypto
import CoachSync

/// What a replica knows of the server's roster without reading it: the head it last read and
/// applied in full, and a digest of its own device entries, which the server held at that
/// head. While a pull answers the same head and the replica's device entries hash the same,
/// a sync need not read the roster.
///
/// Its head is also one this replica verified (read and applied in full, or its own entries
/// pushed on such a head, or the roster read at a join): every roster the server
/// serves later must extend it (`RosterHead.isExtended(by:)`), or it is tampering. As a hint
/// for skipping a read it is never a trust anchor: a mark that is wrong costs either
/// one roster read, or, when it claims the replica is current while it is not, a refusal by
/// the server (a retired epoch, a role the replica no longer holds) that makes the sync read
/// the roster and try again, or a pulled change from a device the replica does not know,
/// which is refused as any unverifiable change is.
public struct RosterMark: Equatable, Sendable {
    /// The roster head last read and applied.
    public var head: RosterHead
    /// The digest of the replica's device entries (`RosterMark.digest`) at that read.
    public var devices: [UInt8]

    /// A mark of `head` with the device digest `devices`.
    public init(head: RosterHead, devices: [UInt8]) {
        self.head = head
        self.devices = devices
    }

    /// The digest of a replica's device entries: BLAKE2b of their JSON, in the replica's order.
    ///
    /// - Throws: `EncodingError` when an entry does not encode.
    public static func digest(_ entries: [RosterEntry]) throws -> [UInt8] {
        Hashing.blake2b(try SyncJSON.encode(entries))
    }

    /// The mark as the `meta` value keeps it: count, head hash and digest, in hexadecimal.
    var text: String {
        "\(head.count):\(Hashing.hex(head.hash.bytes)):\(Hashing.hex(devices))"
    }

    /// The mark in `text`, or nil when it is not one.
    init?(text: String) {
        let parts = text.split(separator: ":").map(String.init)
        guard parts.count == 3, let count = Int64(parts[0]), count >= 0,
            let hash = Self.bytes(hex: parts[1]), hash.count == 32,
            let devices = Self.bytes(hex: parts[2]), devices.count == 32
        else { return nil }
        self.init(head: RosterHead(count: count, hash: hash), devices: devices)
    }

    /// The bytes of lowercase hexadecimal `hex`, nil when it is not.
    static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else {
                return nil
            }
            out.append(high << 4 | low)
        }
        return out
    }

    static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 48...57: digit - 48
        case 97...102: digit - 87
        default: nil
        }
    }
}
