import Foundation

/// The plaintext of a user's marks: a format byte, the audit mark (sequence number, 32-byte
/// hash), then the epoch marks (count; each id, epoch, 32-byte commitment) and the certificate
/// versions (count; each id, version); from format 2 on, the log mark (size, 32-byte root,
/// reset counter). Ids are a length byte and UTF-8; numbers are 8 bytes, little-endian.
/// Compact and quick to read, because every sign-in reads it. Format 1 (no log mark) still
/// reads, as no verified head.
extension LocalMarks {
    static let format: UInt8 = 2

    func encoded() -> [UInt8] {
        var out: [UInt8] = [Self.format]
        func number(_ n: Int) { out += (0..<8).map { UInt8(truncatingIfNeeded: n >> (8 * $0)) } }
        func text(_ s: String) {
            let bytes = Array(s.utf8.prefix(255))
            out.append(UInt8(bytes.count))
            out += bytes
        }
        func hash(_ h: [UInt8]) { out += h.count == 32 ? h : [UInt8](repeating: 0, count: 32) }
        number(auditSeq)
        hash(auditHash)
        number(epochs.count)
        for (athleteId, mark) in epochs.sorted(by: { $0.key < $1.key }) {
            text(athleteId)
            number(mark.epoch)
            hash(mark.commitment)
        }
        number(certificates.count)
        for (userId, version) in certificates.sorted(by: { $0.key < $1.key }) {
            text(userId)
            number(version)
        }
        number(Int(truncatingIfNeeded: logSize))
        hash(logRoot)
        number(Int(truncatingIfNeeded: logResets))
        return out
    }

    /// Reads `encoded()` back; nil for anything else.
    init?(decoding bytes: [UInt8]) {
        var at = 0
        func take(_ n: Int) -> ArraySlice<UInt8>? {
            guard n >= 0, at + n <= bytes.count else { return nil }
            defer { at += n }
            return bytes[at..<(at + n)]
        }
        func number() -> Int? {
            take(8).map { $0.enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) } }
        }
        func text() -> String? {
            guard let n = take(1)?.first, let b = take(Int(n)) else { return nil }
            return String(bytes: b, encoding: .utf8)
        }
        func hash() -> [UInt8]? { take(32).map(Array.init) }
        guard let format = take(1)?.first, format == 1 || format == Self.format,
            let seq = number(), let head = hash(),
            let epochCount = number(), epochCount >= 0, epochCount <= bytes.count
        else { return nil }
        self.init()
        auditSeq = seq
        auditHash = seq == 0 ? [] : head
        for _ in 0..<epochCount {
            guard let id = text(), let epoch = number(), let commitment = hash() else { return nil }
            epochs[id] = UserState.EpochMark(epoch: epoch, commitment: commitment)
        }
        guard let certCount = number(), certCount >= 0, certCount <= bytes.count else {
            return nil
        }
        for _ in 0..<certCount {
            guard let id = text(), let version = number() else { return nil }
            certificates[id] = version
        }
        if format >= 2 {
            guard let size = number(), let root = hash(), let resets = number() else {
                return nil
            }
            logSize = UInt64(bitPattern: Int64(size))
            logRoot = logSize == 0 ? [] : root
            logResets = UInt64(bitPattern: Int64(resets))
        }
        guard at == bytes.count else { return nil }
    }
}
