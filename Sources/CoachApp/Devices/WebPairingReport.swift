/// A web pairing made for a phone: the link to open on it and what to check.
public struct WebPairingReport: Codable, Equatable, Sendable {
    /// The page's address with the pairing in its fragment (the one-time code included: shown
    /// once, to the person holding the phone).
    public let link: String
    /// The athlete the phone will post check-ins for.
    public let athlete: String
    /// The workspace id.
    public let workspace: String
    /// The hex SHA-256 of the page this version of coach ships.
    public let pageSHA256: String
    /// Whether the server serves that page: `same`, `differs` (a warning: the page the phone
    /// gets is not this version's), or `unavailable` (it could not be fetched).
    public let servedPage: String
    /// When the pairing ends unless approved, as an ISO instant.
    public let expiresAt: String

    enum CodingKeys: String, CodingKey {
        case link, athlete, workspace
        case pageSHA256 = "page_sha256"
        case servedPage = "served_page"
        case expiresAt = "expires_at"
    }
}
