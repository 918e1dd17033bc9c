import CoachCodec
import CoachCrypto
import CoachKit

extension RecordCodec {
    /// Opens a change's sealed body (nonce and ciphertext) as the record row its header
    /// describes: the associated data binds the athlete, id, kind, day, epoch and version, so a
    /// body moved under another header does not open.
    ///
    /// - Returns: the record's payload.
    /// - Throws: `CryptoError` (or a padding or payload error) when it does not open.
    static func open(
        body: [UInt8], athleteId: String, id: String, kind: RecordKind, day: String,
        epoch: Int, version: Int, key: SecretKey
    ) throws -> [UInt8] {
        let n = AEAD.nonceBytes
        guard body.count > n else { throw CryptoError.authenticationFailed }
        let padded = try AEAD.open(
            SealedPayload(nonce: Array(body[..<n]), ciphertext: Array(body[n...])),
            ad: ad(
                athleteId: athleteId, id: id, kind: kind.rawValue, day: day, epoch: epoch,
                version: version),
            key: key)
        return try RecordPayload.unpack(
            try Padding.unpad(padded, blockSize: padBlock), kind: kind, id: id)
    }
}
