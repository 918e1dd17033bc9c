extension SyncPath {
    /// `POST`, with a session: register a pairing (`PairingCreate` → `PairingCreated`).
    public static func pairings(_ workspace: String) -> String {
        "/v1/ws/\(workspace)/pairings"
    }
    /// `GET`, with its creator's session: the pairing and its request (`PairingStatus`).
    public static func pairing(_ workspace: String, proof: String) -> String {
        "/v1/ws/\(workspace)/pairings/\(proof)"
    }
    /// `POST`, no session, once: a phone asks to be approved (`PairingRequest`).
    public static func pairingRequest(_ workspace: String, proof: String) -> String {
        "/v1/ws/\(workspace)/pairings/\(proof)/request"
    }
    /// `GET`, `Authorization: CoachCheckin …`: a check-in device's bundle (`CheckinBundle`).
    public static func checkinBundle(_ workspace: String, device: String) -> String {
        "/v1/ws/\(workspace)/checkin/\(device)"
    }
    /// `POST`, no session (the item's signature authenticates it): a sealed `CheckinItem`.
    public static func inbox(_ workspace: String) -> String { "/v1/ws/\(workspace)/inbox" }
    /// `POST`, with a session: lease waiting items (`InboxClaimRequest` → `InboxClaim`).
    public static func inboxClaim(_ workspace: String) -> String {
        "/v1/ws/\(workspace)/inbox/claim"
    }
    /// `POST`, with a session: delete leased items (`InboxAckRequest` → `InboxAckResponse`).
    public static func inboxAck(_ workspace: String) -> String {
        "/v1/ws/\(workspace)/inbox/ack"
    }
    /// The authorization scheme of a check-in device's bundle read:
    /// `Authorization: CoachCheckin <device>.<unix seconds>.<b64url signature>`.
    public static let checkinAuthScheme = "CoachCheckin"
}
