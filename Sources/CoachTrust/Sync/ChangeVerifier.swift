import CoachKit

/// The checks on change envelopes that need no key: the signature of a certified device, and
/// each device's unbroken hash chain. Pure functions on values; the store, the sync client and
/// a server run the same ones.
public enum ChangeVerifier {
    /// Where a device's chain stands: its last change's counter and hash.
    public struct ChainPosition: Equatable, Sendable {
        public let sequence: Int64
        public let hash: [UInt8]

        /// A position after change `sequence` whose hash is `hash`.
        public init(sequence: Int64, hash: [UInt8]) {
            self.sequence = sequence
            self.hash = hash
        }

        /// Before a device's first change.
        public static let genesis = ChainPosition(sequence: 0, hash: ChangeEnvelope.genesisHash)
    }

    /// Checks that `envelope` is signed by the verified `device` for `workspaceId`.
    ///
    /// - Parameters:
    ///   - envelope: the change.
    ///   - device: its device, verified (`DeviceVerifier`).
    ///   - workspaceId: the workspace the caller is in.
    ///   - allowRevoked: accept a revoked device's change (one stored before the revocation,
    ///     when reading history); a new change from a revoked device is refused.
    /// - Throws: `ChangeRejection` naming the device claimed.
    public static func verifySignature(
        _ envelope: ChangeEnvelope, device: DeviceVerifier.Verified, workspaceId: String,
        allowRevoked: Bool = false
    ) throws {
        let claimed = envelope.device
        guard envelope.workspaceId == workspaceId else {
            throw ChangeRejection.otherWorkspace(device: claimed)
        }
        guard claimed == device.certificate.deviceId,
            envelope.author == device.certificate.userId
        else { throw ChangeRejection.signerMismatch(device: claimed) }
        guard envelope.signatureValid(devicePK: device.certificate.signPK) else {
            throw ChangeRejection.badSignature(device: claimed)
        }
        guard allowRevoked || device.isActive else {
            throw ChangeRejection.deviceRevoked(device: claimed)
        }
    }

    /// Checks that `changes`, one device's in order, continue its chain from `position`: each
    /// counter one more than the last, each naming the previous change's hash.
    ///
    /// - Returns: the position after the last change.
    /// - Throws: `ChangeRejection.sequenceGap` or `.brokenChain`, or `.signerMismatch` when a
    ///   change is another device's.
    @discardableResult
    public static func verifyChain(
        _ changes: [ChangeEnvelope], from position: ChainPosition
    ) throws -> ChainPosition {
        guard let device = changes.first?.device else { return position }
        var at = position
        for change in changes {
            guard change.device == device else {
                throw ChangeRejection.signerMismatch(device: change.device)
            }
            guard change.sequence == at.sequence + 1 else {
                throw ChangeRejection.sequenceGap(
                    device: device, expected: at.sequence + 1, found: change.sequence)
            }
            guard change.previousHash == at.hash else {
                throw ChangeRejection.brokenChain(device: device, sequence: change.sequence)
            }
            at = ChainPosition(sequence: change.sequence, hash: change.hash)
        }
        return at
    }
}
