import CoachCrypto
import CoachKit
import Foundation

/// One sealed check-in as a phone posts it to the server's inbox: which workspace, athlete,
/// day and device, the epoch whose inbox key it is sealed to, the HPKE encapsulated key and
/// ciphertext, when the phone sent it, and the device's signature.
///
/// The JSON is read strictly (`init(from:)`): every field must be present and well formed, no
/// other key may appear, and sizes must be what the contract allows, so each item has one
/// spelling and the server stores exactly the bytes that were signed over. The byte strings
/// that HPKE binds and the device signs are `info`, `aad` and `signedBytes`
/// (`CheckinBytes`).
public struct CheckinItem: Equatable, Sendable {
    public var workspace: String
    public var athlete: AthleteID
    /// The item's id: a lowercase UUID chosen by the phone.
    public var item: String
    /// The day the check-in is for, `YYYY-MM-DD`.
    public var day: String
    public var device: DeviceID
    public var epoch: Int
    public var suite: Int
    /// The HPKE encapsulated key (X25519, 32 bytes).
    public var enc: [UInt8]
    /// The padded plaintext sealed, with its 16-byte tag.
    public var ciphertext: [UInt8]
    /// When the phone sent it, in Unix milliseconds (the phone's clock).
    public var sentAt: Int64
    public var signature: [UInt8]

    /// The only wire version.
    public static let version = 1
    /// The only suite: HPKE base mode, X25519/HKDF-SHA256, HKDF-SHA256, AES-256-GCM.
    public static let suiteAES256GCM = 2
    /// The length of the encapsulated key.
    public static let encBytes = 32
    /// The length of the AEAD tag.
    public static let tagBytes = 16

    /// An item with every field (unsigned unless `signature` is given).
    public init(
        workspace: String, athlete: AthleteID, item: String, day: String, device: DeviceID,
        epoch: Int, suite: Int = CheckinItem.suiteAES256GCM, enc: [UInt8], ciphertext: [UInt8],
        sentAt: Int64, signature: [UInt8] = []
    ) {
        self.workspace = workspace
        self.athlete = athlete
        self.item = item
        self.day = day
        self.device = device
        self.epoch = epoch
        self.suite = suite
        self.enc = enc
        self.ciphertext = ciphertext
        self.sentAt = sentAt
        self.signature = signature
    }

    /// HPKE's info for this item's athlete epoch.
    public var info: [UInt8] {
        CheckinBytes.info(workspace: workspace, athlete: athlete, epoch: epoch)
    }

    /// HPKE's associated data: the item's every field but the sealed ones and the time.
    public var aad: [UInt8] {
        CheckinBytes.aad(
            workspace: workspace, athlete: athlete, item: item, day: day, device: device,
            epoch: epoch, suite: suite)
    }

    /// The bytes the device signs: every field but the signature.
    public var signedBytes: [UInt8] {
        AssociatedData("coach/1/checkin-sig").with(
            workspace, athlete.rawValue, item, day, device.rawValue, epoch, suite, enc,
            ciphertext, sentAt
        ).bytes
    }

    /// Signs the item with the device's key.
    public mutating func sign(by device: SigningKeyPair) {
        signature = device.sign(signedBytes)
    }

    /// Whether the signature is `devicePK`'s over this item.
    public func signatureValid(devicePK: [UInt8]) -> Bool {
        SigningKeyPair.verify(signature, of: signedBytes, publicKey: devicePK)
    }

    /// The item's JSON as the page sends it (keys sorted).
    ///
    /// - Throws: `EncodingError` (not expected).
    public func encoded() throws -> [UInt8] { try SyncJSON.encode(self) }

    /// Reads an item from the bytes of a request, strictly.
    ///
    /// - Parameter bytes: the JSON received.
    /// - Returns: the item.
    /// - Throws: `CheckinItem.Malformed` naming the first field that is not as the contract
    ///   says (or `tooLarge` for bytes over `SyncLimits.maxCheckinItemBytes`).
    public static func decode(_ bytes: [UInt8]) throws(Malformed) -> CheckinItem {
        guard bytes.count <= SyncLimits.maxCheckinItemBytes else { throw .tooLarge }
        do {
            return try SyncJSON.decode(CheckinItem.self, from: bytes)
        } catch let error as Malformed {
            throw error
        } catch let DecodingError.keyNotFound(key, _) {
            throw .field(key.stringValue)
        } catch let DecodingError.typeMismatch(_, c), let DecodingError.valueNotFound(_, c),
            let DecodingError.dataCorrupted(c)
        {
            if let inner = c.underlyingError as? Malformed { throw inner }
            throw c.codingPath.last.map { .field($0.stringValue) } ?? .notJSON
        } catch {
            throw .notJSON
        }
    }

    /// Why an item's bytes are not a check-in item.
    public enum Malformed: Error, Equatable, Sendable {
        /// Not a JSON object.
        case notJSON
        /// Over the size limit.
        case tooLarge
        /// A key the contract does not have.
        case unknownKey(String)
        /// A missing or malformed field.
        case field(String)

        /// One line saying what is wrong.
        public var message: String {
            switch self {
            case .notJSON: "the check-in item is not a JSON object"
            case .tooLarge:
                "the check-in item is over \(SyncLimits.maxCheckinItemBytes) bytes"
            case .unknownKey(let key): "the check-in item has the unknown key '\(key)'"
            case .field(let key): "the check-in item's '\(key)' is missing or malformed"
            }
        }
    }
}
