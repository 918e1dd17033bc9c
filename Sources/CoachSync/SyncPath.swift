/// The routes of the sync API, relative to the server's base URL.
public enum SyncPath {
    /// `POST`: register a workspace (`RegistrationRequest` → `RegistrationResponse`).
    public static let workspaces = "/v1/workspaces"
    /// `POST`: ask for a sign-in challenge (`ChallengeRequest` → `ChallengeResponse`).
    public static let challenge = "/v1/auth/challenge"
    /// `POST`: answer it (`SessionRequest` → `SessionResponse`).
    public static let session = "/v1/auth/session"
    /// `POST`, with a session: register a join invitation (`InvitationRequest` →
    /// `InvitationResponse`).
    public static func invitations(_ workspace: String) -> String {
        "/v1/ws/\(workspace)/invitations"
    }
    /// `POST`, no session: a new machine's first read, proving an invitation code
    /// (`JoinRequest` → `JoinResponse`).
    public static func join(_ workspace: String) -> String { "/v1/ws/\(workspace)/join" }
    /// `GET ?after=N` (`RosterPage`) and `POST` (`RosterPush` → `RosterPushResponse`).
    public static func roster(_ workspace: String) -> String { "/v1/ws/\(workspace)/roster" }
    /// `POST`: push changes (`PushRequest` → `PushResponse`).
    public static func changes(_ workspace: String) -> String { "/v1/ws/\(workspace)/changes" }
    /// `POST`: pull changes (`PullRequest` → `PullResponse`).
    public static func pull(_ workspace: String) -> String { "/v1/ws/\(workspace)/pull" }
    /// `GET`, no session: the server's tree-head key (`ServerKeyInfo`).
    public static let server = "/v1/server"
    /// `POST`, with a session: log proofs (`LogProofsRequest` → `LogProofsResponse`).
    public static func logProofs(_ workspace: String) -> String {
        "/v1/ws/\(workspace)/log/proofs"
    }
    /// `POST`, with a session: redact superseded bodies (`RedactionRequest` →
    /// `RedactionResponse`).
    public static func redactions(_ workspace: String) -> String {
        "/v1/ws/\(workspace)/redactions"
    }
    /// The authorization scheme of a session token: `Authorization: Coach <token>`.
    public static let authScheme = "Coach"
}
