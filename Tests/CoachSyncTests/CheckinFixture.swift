import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation

/// A check-in item of fixed fields signed by a fresh device key, and its JSON.
struct CheckinFixture {
    static let workspace = "0b7e2c9a-5d1f-4e6a-9c3b-2f8d7a6e5b4c"
    let key: SigningKeyPair
    var item: CheckinItem

    init(ciphertextSize: Int = 256 + 16) throws {
        try Sodium.initialize()
        key = try SigningKeyPair.generate()
        item = CheckinItem(
            workspace: Self.workspace, athlete: "a-jane",
            item: "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b", day: "2026-11-25",
            device: CheckinDeviceCertificate.deviceId(signPK: key.publicKey), epoch: 2,
            enc: [UInt8](repeating: 0x11, count: 32),
            ciphertext: [UInt8](repeating: 0x22, count: ciphertextSize),
            sentAt: 1_764_060_000_000)
        item.sign(by: key)
    }

    /// The item's JSON as an object, to alter one field.
    func object() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(try item.encoded())) as! [String: Any]
    }

    /// The JSON of `object`.
    static func bytes(_ object: [String: Any]) throws -> [UInt8] {
        [UInt8](try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }
}
