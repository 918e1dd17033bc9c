import Foundation

extension HPKEBase {
    /// The secrets of RFC 9180 §5.1's key schedule in base mode (no PSK).
    struct KeySchedule: Sendable {
        let aead: AEAD
        /// The KEM's shared secret, kept for the known-answer tests.
        let sharedSecret: SecretKey
        /// `mode ‖ psk_id_hash ‖ info_hash`.
        let context: [UInt8]
        let secret: SecretKey
        let key: SecretKey
        let baseNonce: [UInt8]
        let exporterSecret: SecretKey

        init(sharedSecret shared: [UInt8], info: [UInt8], aead: AEAD) throws {
            var shared = shared
            defer { Sodium.wipe(&shared) }
            let suite = HPKEBase.hpkeSuiteID(aead)
            let pskIDHash = HPKEBase.labeledExtract(
                salt: [], label: "psk_id_hash", ikm: [], suite: suite)
            let infoHash = HPKEBase.labeledExtract(
                salt: [], label: "info_hash", ikm: info, suite: suite)
            let context = [0x00] + pskIDHash + infoHash
            var secret = HPKEBase.labeledExtract(
                salt: shared, label: "secret", ikm: [], suite: suite)
            defer { Sodium.wipe(&secret) }
            var key = try HPKEBase.labeledExpand(
                prk: secret, label: "key", info: context, length: 32, suite: suite)
            let nonce = try HPKEBase.labeledExpand(
                prk: secret, label: "base_nonce", info: context, length: 12, suite: suite)
            var exporter = try HPKEBase.labeledExpand(
                prk: secret, label: "exp", info: context, length: 32, suite: suite)
            self.aead = aead
            self.context = context
            self.baseNonce = nonce
            self.sharedSecret = try SecretKey(consuming: &shared)
            self.secret = try SecretKey(consuming: &secret)
            self.key = try SecretKey(consuming: &key)
            self.exporterSecret = try SecretKey(consuming: &exporter)
        }
    }

    /// `"KEM" ‖ I2OSP(kem_id, 2)`.
    static var kemSuiteID: [UInt8] { Array("KEM".utf8) + i2osp(kemID) }

    /// `"HPKE" ‖ kem_id ‖ kdf_id ‖ aead_id`, each two bytes.
    static func hpkeSuiteID(_ aead: AEAD) -> [UInt8] {
        Array("HPKE".utf8) + i2osp(kemID) + i2osp(kdfID) + i2osp(aead.rawValue)
    }

    static func i2osp(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xff)] }

    /// DHKEM's `ExtractAndExpand`: the 32-byte shared secret from a DH output.
    static func extractAndExpand(dh: [UInt8], kemContext: [UInt8]) throws -> [UInt8] {
        var prk = labeledExtract(salt: [], label: "eae_prk", ikm: dh, suite: kemSuiteID)
        defer { Sodium.wipe(&prk) }
        return try labeledExpand(
            prk: prk, label: "shared_secret", info: kemContext, length: 32, suite: kemSuiteID)
    }

    /// `LabeledExtract(salt, label, ikm)` of RFC 9180 §4.
    static func labeledExtract(salt: [UInt8], label: String, ikm: [UInt8], suite: [UInt8])
        -> [UInt8]
    {
        var labeled = Array("HPKE-v1".utf8) + suite + Array(label.utf8) + ikm
        defer { Sodium.wipe(&labeled) }
        return Hashing.hmacSHA256(labeled, key: salt)
    }

    /// `LabeledExpand(prk, label, info, L)` of RFC 9180 §4 (HKDF-Expand, RFC 5869).
    static func labeledExpand(
        prk: [UInt8], label: String, info: [UInt8], length: Int, suite: [UInt8]
    ) throws -> [UInt8] {
        guard length > 0, length <= 255 * 32 else { throw HPKEError.lengthTooLarge }
        let labeledInfo =
            i2osp(UInt16(length)) + Array("HPKE-v1".utf8) + suite + Array(label.utf8) + info
        var out: [UInt8] = []
        var block: [UInt8] = []
        var counter: UInt8 = 1
        while out.count < length {
            block = Hashing.hmacSHA256(block + labeledInfo + [counter], key: prk)
            out += block
            counter &+= 1
        }
        Sodium.wipe(&block)
        let result = Array(out[0..<length])
        Sodium.wipe(&out)
        return result
    }
}
