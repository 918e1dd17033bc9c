/// What `sync invite` shows, once: the one-time code, whom it is for, when it expires and how
/// many wrong codes it takes before the server burns it.
public struct InvitationReport: Codable, Equatable, Sendable {
    /// The code, in six groups of four characters; nowhere else but here.
    public let code: String
    /// The invited user's handle.
    public let user: String
    public let workspace: String
    public let server: String
    /// The expiry by the server's clock (ISO 8601 UTC).
    public let expiresAt: String
    public let attempts: Int

    enum CodingKeys: String, CodingKey {
        case code, user, workspace, server
        case expiresAt = "expires_at"
        case attempts
    }
}
