import CoachKit
import Foundation

extension CheckinItem: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case v, workspace, athlete, item, day, device, epoch, suite, enc, ciphertext
        case sentAt = "sent_at"
        case signature
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads an item strictly: no unknown key, every field in range, each value with one
    /// spelling (a lowercase UUID, a real `YYYY-MM-DD` day, a device id of 32 lowercase hex
    /// digits, a ciphertext of a padding bucket plus the tag).
    ///
    /// - Throws: `DecodingError`, its underlying error a `CheckinItem.Malformed` naming the key.
    public init(from decoder: any Decoder) throws {
        let known = Set(CodingKeys.allCases.map(\.stringValue))
        let any = try decoder.container(keyedBy: AnyKey.self)
        if let extra = any.allKeys.map(\.stringValue).sorted().first(where: {
            !known.contains($0)
        }) {
            throw Self.bad(.unknownKey(extra), decoder)
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func check(_ ok: Bool, _ key: CodingKeys) throws {
            if !ok { throw Self.bad(.field(key.stringValue), decoder) }
        }
        try check(try c.decode(Int.self, forKey: .v) == Self.version, .v)
        workspace = try c.decode(String.self, forKey: .workspace)
        try check(!workspace.isEmpty && workspace.utf8.count <= 200, .workspace)
        athlete = AthleteID(try c.decode(String.self, forKey: .athlete))
        try check(!athlete.rawValue.isEmpty && athlete.rawValue.utf8.count <= 200, .athlete)
        item = try c.decode(String.self, forKey: .item)
        try check(Self.isLowercaseUUID(item), .item)
        day = try c.decode(String.self, forKey: .day)
        try check(Self.isDay(day), .day)
        device = DeviceID(try c.decode(String.self, forKey: .device))
        try check(Self.isDeviceId(device.rawValue), .device)
        epoch = try c.decode(Int.self, forKey: .epoch)
        try check(epoch >= 1, .epoch)
        suite = try c.decode(Int.self, forKey: .suite)
        try check(suite == Self.suiteAES256GCM, .suite)
        enc = try c.decode(SyncBytes.self, forKey: .enc).bytes
        try check(enc.count == Self.encBytes, .enc)
        ciphertext = try c.decode(SyncBytes.self, forKey: .ciphertext).bytes
        try check(CheckinPadding.buckets.contains(ciphertext.count - Self.tagBytes), .ciphertext)
        sentAt = try c.decode(Int64.self, forKey: .sentAt)
        try check(sentAt >= 0, .sentAt)
        signature = try c.decode(SyncBytes.self, forKey: .signature).bytes
        try check(signature.count == 64, .signature)
    }

    /// Writes the item as the contract spells it.
    ///
    /// - Throws: `EncodingError` (not expected).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.version, forKey: .v)
        try c.encode(workspace, forKey: .workspace)
        try c.encode(athlete.rawValue, forKey: .athlete)
        try c.encode(item, forKey: .item)
        try c.encode(day, forKey: .day)
        try c.encode(device.rawValue, forKey: .device)
        try c.encode(epoch, forKey: .epoch)
        try c.encode(suite, forKey: .suite)
        try c.encode(SyncBytes(enc), forKey: .enc)
        try c.encode(SyncBytes(ciphertext), forKey: .ciphertext)
        try c.encode(sentAt, forKey: .sentAt)
        try c.encode(SyncBytes(signature), forKey: .signature)
    }

    private static func bad(_ why: Malformed, _ decoder: any Decoder) -> DecodingError {
        .dataCorrupted(
            .init(
                codingPath: decoder.codingPath, debugDescription: why.message,
                underlyingError: why))
    }

    /// Whether `s` is a UUID in its lowercase 8-4-4-4-12 spelling.
    static func isLowercaseUUID(_ s: String) -> Bool {
        let bytes = Array(s.utf8)
        guard bytes.count == 36 else { return false }
        for (i, b) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(i) {
                guard b == UInt8(ascii: "-") else { return false }
            } else if !isLowerHex(b) {
                return false
            }
        }
        return true
    }

    /// Whether `s` is a check-in device id: 32 lowercase hex digits.
    static func isDeviceId(_ s: String) -> Bool {
        s.utf8.count == 32 && s.utf8.allSatisfy(isLowerHex)
    }

    private static func isLowerHex(_ b: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b)
    }

    /// Whether `s` is a real calendar day spelled `YYYY-MM-DD`.
    static func isDay(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard s.utf8.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2,
            parts[2].count == 2, parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }
}
