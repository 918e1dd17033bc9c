import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

/// An authenticated user with their secret keys unlocked for the length of one command.
public struct Principal: Sendable {
    public let userId: UserID
    public let handle: Handle
    public let role: Role
    /// The athlete an athlete user is bound to.
    public let athleteId: AthleteID?
    let boxKeys: BoxKeyPair
    let signKeys: SigningKeyPair
    let indexKey: SecretKey
    /// A symmetric key only this user can derive, for the user's own fast copies of grants.
    let selfKey: SecretKey
    /// The workspace id and owner key this user trusts (from their own sealed state).
    let anchor: TrustAnchor
    /// The key sealing this user's state.
    let stateKey: SecretKey
    /// The newest key epoch of each athlete this user has verified before this command.
    let knownEpochs: [String: UserState.EpochMark]
    /// Certificates verified during this command.
    let certificates: CertificateBook
    /// The user's marks on this machine, when the workspace was opened with a keeper.
    let marks: MarksMirror?
    /// Counts the athlete keyrings opened with this user's keys (shared by copies).
    let keyringOpenCount = LockedValue(0)

    /// How many times an athlete's keyring was opened with this user's keys since they signed
    /// in: a grant verified and a data key unsealed each time.
    ///
    /// A command opens each athlete it works on once (`Workspace.openAthlete`) and hands the
    /// access down, so a command about one athlete adds one; tests hold commands to that.
    public var keyringOpens: Int { keyringOpenCount.withLock { $0 } }

    /// The verified certificate of `userId`, checked against this user's trust anchor.
    func certificate(_ db: Database, _ userId: String) throws -> UserCertificate {
        try certificates.certificate(db, userId: userId, anchor: anchor)
    }

    /// The membership checks under this user's trust anchor, sharing this command's
    /// verified certificates.
    var verifier: MembershipVerifier { MembershipVerifier(anchor: anchor, book: certificates) }

    /// What signing in found rolled back against the marks kept on this machine, when the
    /// workspace was opened to report it rather than refuse (a health check); nil otherwise.
    public var rollback: StoreError? { marks?.rollback }

    /// Whether the user may create athletes, plans and grants.
    public var isStaff: Bool { role != .athlete }
}

/// What `coach user list` shows of a user.
public struct UserSummary: Codable, Sendable, Equatable {
    public let handle: Handle
    public let role: Role
    public let athlete: Handle?
    public let disabled: Bool
    /// Waiting to redeem an enrolment code.
    public let pending: Bool
    /// The keys in use are the ones the user's creator made, with a passphrase the creator
    /// chose (not enrolled since): the creator could have kept a copy (from the certificate).
    public let passphraseSetByCreator: Bool

    enum CodingKeys: String, CodingKey {
        case handle, role, athlete, disabled, pending
        case passphraseSetByCreator = "passphrase_set_by_creator"
    }
}
