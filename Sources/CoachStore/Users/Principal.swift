import CoachCrypto
import CoachKit
import Foundation

/// A user's role in a workspace.
public enum Role: String, Codable, Sendable, CaseIterable {
    /// Created the workspace; holds every athlete.
    case owner
    /// Holds the athletes granted to them.
    case coach
    /// Bound to one athlete (themselves).
    case athlete
}

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

    /// Whether the user may create athletes, plans and grants.
    public var isStaff: Bool { role != .athlete }
}

/// What `coach user list` shows of a user.
public struct UserSummary: Codable, Sendable, Equatable {
    public let handle: Handle
    public let role: Role
    public let athlete: Handle?
    public let disabled: Bool
}
