import CoachCrypto
import CoachKit

extension ChangeEnvelope {
    /// The first byte of the compact form (version 2 on): no version-1 envelope starts with
    /// it, as those open with a zero length byte.
    static let compactMagic: UInt8 = 0xCE

    /// The canonical byte form (version 2, or 3 with `seen`): the magic byte and the version,
    /// then the header fields in their signed order, the seen log position (version 3: its
    /// size and root), the signature and the length-prefixed body. Integers are LEB128, the
    /// clock 8 bytes big-endian, the previous hash, the root and the signature their fixed
    /// lengths, and ids (workspace, athlete, object, device, author) a lowercase UUID's 16
    /// bytes or a length-prefixed text. An envelope without `seen` keeps version 2, so readers
    /// that know only it still read it. A redacted envelope is version 4 (5 with `seen`): the
    /// same fields with the body's 32-byte hash in place of the length-prefixed body.
    public func encoded() -> [UInt8] {
        var writer = CompactWriter()
        let version =
            switch (seen == nil, isRedacted) {
            case (true, false): Self.formatVersion
            case (false, false): Self.seenFormatVersion
            case (true, true): Self.redactedFormatVersion
            case (false, true): Self.redactedSeenFormatVersion
            }
        writer.raw([Self.compactMagic, UInt8(version)])
        writer.id(workspaceId)
        switch stream {
        case .roster: writer.raw([0])
        case .athlete(let athlete):
            writer.raw([1])
            writer.id(athlete.rawValue)
        }
        writer.id(object)
        writer.text(kind)
        writer.text(day)
        writer.raw([operation.rawValue])
        writer.varint(UInt64(bitPattern: baseVersion))
        writer.raw((0..<8).map { UInt8(truncatingIfNeeded: clock.packed >> (56 - 8 * $0)) })
        writer.id(device.rawValue)
        writer.id(author.rawValue)
        writer.varint(UInt64(bitPattern: epoch))
        writer.varint(UInt64(bitPattern: sequence))
        writer.raw(previousHash)
        if let seen {
            writer.varint(seen.size)
            writer.raw(seen.root)
        }
        writer.raw(signature)
        if let redactedBodyHash {
            writer.raw(redactedBodyHash)
        } else {
            writer.field(body)
        }
        return writer.bytes
    }

    /// Reads the compact form, strictly (see `decode(_:)`).
    static func decodeCompact(_ bytes: [UInt8]) throws -> ChangeEnvelope {
        var reader = CompactReader(bytes)
        guard reader.raw(1) == [compactMagic], let version = reader.raw(1)?.first else {
            throw ChangeRejection.malformed("not a change envelope")
        }
        let known = [
            formatVersion, seenFormatVersion, redactedFormatVersion, redactedSeenFormatVersion,
        ]
        guard known.contains(Int(version)) else {
            throw ChangeRejection.unsupportedVersion(Int(version))
        }
        let withSeen =
            Int(version) == seenFormatVersion || Int(version) == redactedSeenFormatVersion
        let redacted = Int(version) >= redactedFormatVersion
        guard let workspace = reader.id(), let stream = readStream(&reader),
            let object = reader.id(), let kind = reader.text(), let day = reader.text(),
            let operation = reader.raw(1).flatMap({ ChangeOperation(rawValue: $0[0]) }),
            let base = reader.varint(), let clock = reader.raw(8),
            let device = reader.id(), let author = reader.id(), let epoch = reader.varint(),
            let sequence = reader.varint(), let previous = reader.raw(hashBytes),
            let seen = readSeen(&reader, present: withSeen),
            let signature = reader.raw(SigningKeyPair.signatureBytes),
            let body = redacted ? reader.raw(hashBytes) : reader.field(), reader.atEnd
        else { throw ChangeRejection.malformed("a field is missing or damaged") }
        let baseVersion = Int64(bitPattern: base)
        let epochNumber = Int64(bitPattern: epoch)
        let sequenceNumber = Int64(bitPattern: sequence)
        guard body.count <= maxBodyBytes, (0...maxCounter).contains(baseVersion),
            (1...maxCounter).contains(epochNumber), (1...maxCounter).contains(sequenceNumber),
            !object.isEmpty, !device.isEmpty, !author.isEmpty,
            seen.map({ $0.size <= UInt64(maxCounter) }) ?? true
        else { throw ChangeRejection.malformed("a field is out of range") }
        var envelope = ChangeEnvelope(
            workspaceId: workspace, stream: stream, object: object, kind: kind, day: day,
            operation: operation, baseVersion: baseVersion,
            clock: HybridTimestamp(packed: clock.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }),
            device: DeviceID(device), author: UserID(author), epoch: epochNumber,
            sequence: sequenceNumber, previousHash: previous, body: redacted ? [] : body,
            seen: seen, signature: signature)
        if redacted { envelope.redactedBodyHash = body }
        return envelope
    }

    /// The seen log position of a version-3 envelope (size and root); `.some(nil)` when the
    /// version has none, nil when it is cut short.
    private static func readSeen(
        _ reader: inout CompactReader, present: Bool
    ) -> LogPosition?? {
        guard present else { return .some(nil) }
        guard let size = reader.varint(), let root = reader.raw(hashBytes) else { return nil }
        return LogPosition(size: size, root: root)
    }

    /// The next stream: a tag byte (0 the roster, 1 an athlete) and the athlete's id.
    private static func readStream(_ reader: inout CompactReader) -> ChangeStream? {
        switch reader.raw(1)?.first {
        case 0: .roster
        case 1: reader.id().flatMap { ChangeStream(tag: "athlete", id: $0) }
        default: nil
        }
    }
}
