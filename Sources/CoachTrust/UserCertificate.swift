import CoachCrypto
import CoachKit

/// A user's membership, signed: who they are, their role, the athlete an athlete user is bound
/// to, their public keys, whether they are active, the least Argon2id work their passphrase key
/// may use, a version that grows with every change, and who created them.
///
/// A party holding no keys checks one with public data alone (`CertificateBook`). The owner
/// signs every certificate except an athlete user's first, which the coach who created them
/// may sign.
public struct UserCertificate: Equatable, Sendable {
    public var userId: String
    public var handle: String
    public var role: Role
    public var athleteId: String?
    public var boxPK: [UInt8]
    public var signPK: [UInt8]
    public var disabled: Bool
    public var kdfFloorOps: Int64
    public var kdfFloorMem: Int64
    public var version: Int
    public var createdBy: String
    public var signerId: String
    public var signature: [UInt8]
    /// Waiting for its one-time enrolment code: the keys are the code's, not the user's own.
    public var pending: Bool
    /// For a certificate made at enrolment: the pending certificate it replaced.
    public var enrolledFrom: Pending?

    /// A certificate with every signed field (unsigned unless `signature` is given).
    public init(
        userId: String, handle: String, role: Role, athleteId: String?, boxPK: [UInt8],
        signPK: [UInt8], disabled: Bool, kdfFloorOps: Int64, kdfFloorMem: Int64, version: Int,
        createdBy: String, signerId: String, signature: [UInt8] = [], pending: Bool = false,
        enrolledFrom: Pending? = nil
    ) {
        self.userId = userId
        self.handle = handle
        self.role = role
        self.athleteId = athleteId
        self.boxPK = boxPK
        self.signPK = signPK
        self.disabled = disabled
        self.kdfFloorOps = kdfFloorOps
        self.kdfFloorMem = kdfFloorMem
        self.version = version
        self.createdBy = createdBy
        self.signerId = signerId
        self.signature = signature
        self.pending = pending
        self.enrolledFrom = enrolledFrom
    }

    /// The keys, signer and signature of the pending certificate an enrolment replaced; with
    /// the other fields of the enrolment certificate (status pending, version one lower) it
    /// is that pending certificate again, so anyone can check both.
    public struct Pending: Equatable, Sendable {
        public var boxPK: [UInt8]
        public var signPK: [UInt8]
        public var signerId: String
        public var signature: [UInt8]

        /// The pending certificate's keys, signer and signature.
        public init(boxPK: [UInt8], signPK: [UInt8], signerId: String, signature: [UInt8]) {
            self.boxPK = boxPK
            self.signPK = signPK
            self.signerId = signerId
            self.signature = signature
        }
    }

    /// The status as stored and signed: "pending", "disabled" or "active".
    public var status: String { pending ? "pending" : disabled ? "disabled" : "active" }

    /// The signed message; `workspaceId` ties a certificate to one workspace, and an
    /// enrolment certificate also binds the pending certificate's signature.
    public func message(workspaceId: String) -> [UInt8] {
        let base = AssociatedData("coach/1/user-cert").with(
            workspaceId, userId, handle, role.rawValue, athleteId ?? "", boxPK, signPK,
            status, kdfFloorOps, kdfFloorMem, version, createdBy, signerId
        ).bytes
        guard let enrolledFrom else { return base }
        return base + AssociatedData("coach/1/enrolled").with(enrolledFrom.signature).bytes
    }

    /// The pending certificate an enrolment certificate replaced, rebuilt from its fields.
    public var pendingPredecessor: UserCertificate? {
        guard let p = enrolledFrom else { return nil }
        var cert = self
        cert.boxPK = p.boxPK; cert.signPK = p.signPK; cert.signerId = p.signerId
        cert.signature = p.signature; cert.pending = true; cert.disabled = false
        cert.version = version - 1; cert.enrolledFrom = nil
        return cert
    }

    /// Signs the certificate with `signer`'s key.
    public mutating func sign(by signer: SigningKeyPair, workspaceId: String) {
        signature = signer.sign(message(workspaceId: workspaceId))
    }

    /// Whether the signature is `signerPK`'s over this certificate.
    public func signatureValid(signerPK: [UInt8], workspaceId: String) -> Bool {
        SigningKeyPair.verify(signature, of: message(workspaceId: workspaceId), publicKey: signerPK)
    }
}
