import CoachCrypto
import CoachKit

extension ChangeEnvelope {
    /// Reads the canonical byte form `encoded()` writes (versions 2 to 5, the last two
    /// redacted: the body's hash in place of the body), or the version-1 form.
    ///
    /// Strict: the label and format version must be ones this type reads, every field must be
    /// present and well formed (a known stream and operation, hashes (a redacted body's too)
    /// and signatures of their lengths, a body within `maxBodyBytes`, a base version, epoch and sequence no larger
    /// than `maxCounter`), and nothing may follow the last field. Whether
    /// the signature verifies is a separate check (`ChangeVerifier`).
    ///
    /// - Parameter bytes: the envelope as stored or received.
    /// - Returns: the envelope.
    /// - Throws: `ChangeRejection.malformed` or `.unsupportedVersion`.
    public static func decode(_ bytes: [UInt8]) throws -> ChangeEnvelope {
        if bytes.first == compactMagic { return try decodeCompact(bytes) }
        return try decodeVersion1(bytes)
    }

    /// Reads the version-1 form: length-prefixed fields after the label and version.
    static func decodeVersion1(_ bytes: [UInt8]) throws -> ChangeEnvelope {
        var reader = FieldReader(bytes)
        guard reader.text() == "coach/1/change-envelope", let version = reader.integer() else {
            throw ChangeRejection.malformed("not a change envelope")
        }
        guard version == 1 else {
            throw ChangeRejection.unsupportedVersion(Int(version))
        }
        guard let workspace = reader.text(), let tag = reader.text(), let id = reader.text(),
            let stream = ChangeStream(tag: tag, id: id), let object = reader.text(),
            let kind = reader.text(), let day = reader.text(), let op = reader.integer(),
            let operation = UInt8(exactly: op).flatMap(ChangeOperation.init(rawValue:)),
            let base = reader.integer(), let clock = reader.integer(),
            let device = reader.text(), let author = reader.text(), let epoch = reader.integer(),
            let sequence = reader.integer(), let previous = reader.field(),
            let signature = reader.field(), let body = reader.field(), reader.atEnd
        else { throw ChangeRejection.malformed("a field is missing or damaged") }
        guard previous.count == hashBytes, signature.count == SigningKeyPair.signatureBytes,
            body.count <= maxBodyBytes, (0...maxCounter).contains(base),
            (1...maxCounter).contains(epoch), (1...maxCounter).contains(sequence),
            !object.isEmpty, !device.isEmpty, !author.isEmpty
        else { throw ChangeRejection.malformed("a field is out of range") }
        return ChangeEnvelope(
            workspaceId: workspace, stream: stream, object: object, kind: kind, day: day,
            operation: operation, baseVersion: base,
            clock: HybridTimestamp(packed: UInt64(bitPattern: clock)),
            device: DeviceID(device), author: UserID(author), epoch: epoch,
            sequence: sequence, previousHash: previous, body: body, signature: signature)
    }
}
