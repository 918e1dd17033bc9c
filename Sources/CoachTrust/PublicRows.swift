import CoachKit

/// The public membership rows of one workspace, as whoever stores them holds them: user
/// certificates, athletes' epoch certificates and grants.
///
/// The trust checks read these and nothing else: no secret key, no database. The workspace
/// file answers from SQLite, a club server from what it received, a test from plain values
/// (`PublicRowSet`). What is returned is unverified: the checks decide what counts.
public protocol PublicRows {
    /// The handle of a user, for naming them in a failure; nil when there is no such user.
    func handle(ofUser id: String) throws -> String?
    /// A user's certificate as stored; nil when there is none.
    ///
    /// - Throws: `TrustError.tampered` when a stored field holds a value no certificate has.
    func certificate(ofUser id: String) throws -> UserCertificate?
    /// The user whose signing public key is `key`, if any.
    func user(withSigningKey key: [UInt8]) throws -> String?
    /// Every user id.
    func userIds() throws -> [String]
    /// Every athlete id.
    func athleteIds() throws -> [String]
    /// An athlete's epoch rows, in epoch order.
    func epochs(ofAthlete id: String) throws -> [EpochRow]
    /// The grants of one athlete epoch.
    func grants(ofAthlete id: String, epoch: Int) throws -> [GrantRow]
}

/// One stored athlete epoch: its number and commitment, the previous key as wrapped under this
/// one (absent for epoch 1), and the signer and signature of its certificate.
public struct EpochRow: Equatable, Sendable {
    public var epoch: Int
    public var commitment: [UInt8]
    public var previousNonce: [UInt8]?
    public var previousWrapped: [UInt8]?
    public var signerId: String?
    public var signature: [UInt8]?

    /// An epoch row with every stored field.
    public init(
        epoch: Int, commitment: [UInt8], previousNonce: [UInt8]?, previousWrapped: [UInt8]?,
        signerId: String?, signature: [UInt8]?
    ) {
        self.epoch = epoch
        self.commitment = commitment
        self.previousNonce = previousNonce
        self.previousWrapped = previousWrapped
        self.signerId = signerId
        self.signature = signature
    }
}

/// One stored grant: who holds the epoch key, who granted it, the key sealed to the holder and
/// the granter's signature.
public struct GrantRow: Equatable, Sendable {
    public var userId: String
    public var grantedBy: String
    public var sealed: [UInt8]
    public var signature: [UInt8]

    /// A grant row with every stored field.
    public init(userId: String, grantedBy: String, sealed: [UInt8], signature: [UInt8]) {
        self.userId = userId
        self.grantedBy = grantedBy
        self.sealed = sealed
        self.signature = signature
    }
}
