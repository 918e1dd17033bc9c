import CoachKit

/// Why a change envelope cannot be accepted; each case names the device that signed it where
/// the envelope says which.
public enum ChangeRejection: Error, Equatable, Sendable {
    /// The bytes are not a well-formed envelope.
    case malformed(String)
    /// The envelope is of a format version this build does not know.
    case unsupportedVersion(Int)
    /// The envelope belongs to another workspace.
    case otherWorkspace(device: DeviceID)
    /// The envelope names another device or author than the certificate that should sign it.
    case signerMismatch(device: DeviceID)
    /// The signature is not the device's over this envelope.
    case badSignature(device: DeviceID)
    /// The device was revoked, or its user disabled, before it signed this.
    case deviceRevoked(device: DeviceID)
    /// The device's change counter skips or repeats a change.
    case sequenceGap(device: DeviceID, expected: Int64, found: Int64)
    /// The change does not name its device's previous change.
    case brokenChain(device: DeviceID, sequence: Int64)

    /// The device the envelope claims, when the case names one.
    public var device: DeviceID? {
        switch self {
        case .malformed, .unsupportedVersion: nil
        case .otherWorkspace(let d), .signerMismatch(let d), .badSignature(let d),
            .deviceRevoked(let d), .sequenceGap(let d, _, _), .brokenChain(let d, _):
            d
        }
    }
}

extension ChangeRejection: CoachFailure {
    public var category: FailureCategory {
        switch self {
        case .unsupportedVersion: .invalidData
        default: .corrupt
        }
    }

    public var problemDescription: String {
        switch self {
        case .malformed(let why): "a change envelope is damaged: \(why)"
        case .unsupportedVersion(let v): "a change envelope has unknown format version \(v)"
        case .otherWorkspace(let d): "a change signed by device \(d) belongs to another workspace"
        case .signerMismatch(let d):
            "a change claims device \(d) but names another device or author than its certificate"
        case .badSignature(let d): "a change claiming device \(d) is not signed by that device"
        case .deviceRevoked(let d): "a change is signed by device \(d), which was revoked"
        case .sequenceGap(let d, let expected, let found):
            "the changes of device \(d) skip or repeat: change \(found) where \(expected) was due"
        case .brokenChain(let d, let sequence):
            "change \(sequence) of device \(d) does not follow the device's previous change"
        }
    }
}
