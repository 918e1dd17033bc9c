import CoachCrypto

/// The signed statement of one athlete key epoch: which athlete, which epoch, the key's
/// commitment, the previous epoch's commitment and a hash of the previous key as wrapped under
/// this one, and who signed it.
///
/// Chained through the previous commitment, so a party holding no keys can check an athlete's
/// whole key history from the epoch rows alone. Epoch 1 is signed by the certified staff
/// user who created the athlete; every later epoch (a rotation) by the owner.
public struct EpochCertificate: Equatable, Sendable {
    public let athleteId: String
    public let epoch: Int
    public let commitment: [UInt8]
    public let previousCommitment: [UInt8]
    public let wrappedHash: [UInt8]
    public var signerId: String
    public var signature: [UInt8]

    /// A certificate with every signed field (unsigned unless `signature` is given).
    public init(
        athleteId: String, epoch: Int, commitment: [UInt8], previousCommitment: [UInt8],
        wrappedHash: [UInt8], signerId: String, signature: [UInt8] = []
    ) {
        self.athleteId = athleteId
        self.epoch = epoch
        self.commitment = commitment
        self.previousCommitment = previousCommitment
        self.wrappedHash = wrappedHash
        self.signerId = signerId
        self.signature = signature
    }

    /// The hash of the previous key as wrapped under this epoch's (empty for epoch 1).
    public static func wrappedHash(nonce: [UInt8]?, wrapped: [UInt8]?) -> [UInt8] {
        guard let nonce, let wrapped else { return [] }
        return Hashing.blake2b(nonce + wrapped)
    }

    /// The bytes the signer signs, bound to one workspace.
    public func message(workspaceId: String) -> [UInt8] {
        AssociatedData("coach/1/epoch-cert").with(
            workspaceId, athleteId, epoch, commitment, previousCommitment, wrappedHash, signerId
        ).bytes
    }

    /// Signs the certificate with `signer`'s key.
    public mutating func sign(by signer: SigningKeyPair, workspaceId: String) {
        signature = signer.sign(message(workspaceId: workspaceId))
    }
}
