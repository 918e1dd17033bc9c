import CoachKit

/// The body of every refusal of the sync API (4xx, 5xx): a machine-readable reason, one line
/// of text, and what it concerns — the device, the index of the change in the request, the
/// stale objects of a `409`, or the roster head that moved.
public struct SyncProblem: Codable, Equatable, Sendable, Error {
    /// Why a request was refused.
    public enum Reason: String, Codable, CaseIterable, Sendable {
        /// The body is not the JSON the route takes, or a field is out of range.
        case malformed
        /// The body, a change or a batch is over its limit.
        case tooLarge = "too_large"
        /// No session, or the token is unknown or expired.
        case unauthenticated
        /// The challenge is unknown, used or expired, or its signature is not the device's.
        case badChallenge = "bad_challenge"
        /// The workspace is not registered here.
        case unknownWorkspace = "unknown_workspace"
        /// The workspace is registered already.
        case workspaceExists = "workspace_exists"
        /// The registration's signature or fields do not verify.
        case badRegistration = "bad_registration"
        /// No such user or device.
        case notFound = "not_found"
        /// The roster moved since `expected_head`.
        case rosterHeadMoved = "roster_head_moved"
        /// A rotation's stream position is not where the athlete's stream ends now.
        case streamMoved = "stream_moved"
        /// The roster with the pushed entries does not verify.
        case rosterRejected = "roster_rejected"
        /// The device is revoked, or its user disabled, removed or waiting to enrol.
        case deviceRevoked = "device_revoked"
        /// The change is not well formed (`ChangeEnvelope.decode`).
        case badEnvelope = "bad_envelope"
        /// The change is of another workspace.
        case otherWorkspace = "other_workspace"
        /// The change names another device or author than the session's.
        case wrongDevice = "wrong_device"
        /// The signature is not the device's.
        case badSignature = "bad_signature"
        /// The device's sequence skips or repeats, or its previous hash does not match.
        case brokenChain = "broken_chain"
        /// The author's role or grants do not allow this change.
        case outOfRole = "out_of_role"
        /// The change is sealed under another epoch than the stream's current one.
        case wrongEpoch = "wrong_epoch"
        /// The change's clock is more than 24 hours ahead of the server.
        case clockAhead = "clock_ahead"
        /// The athlete was removed, or is not on the roster.
        case unknownStream = "unknown_stream"
        /// An object's version moved past the change's base (compare-and-swap).
        case staleBase = "stale_base"
        /// The batch number was used for another batch.
        case batchReused = "batch_reused"
        /// No live invitation for the user matches the code: none, expired, used or burned.
        case badInvitation = "bad_invitation"
        /// A change's `seen` names a log position (size and root) this server never signed.
        case unknownTreeHead = "unknown_tree_head"
        /// A change's `seen` names a smaller log than an earlier change of its device did.
        case seenWentBack = "seen_went_back"
        /// The server failed.
        case internalError = "internal"
        /// A restore push before any owner's log reset, or of a change stamped after the last.
        case noLogReset = "no_log_reset"
    }

    public var status: Int
    public var reason: Reason
    /// One line: what was refused and why.
    public var message: String
    public var device: DeviceID?
    /// The index of the refused change in the request, for a push.
    public var change: Int?
    public var stale: [StaleObject]?
    public var rosterHead: RosterHead?

    enum CodingKeys: String, CodingKey {
        case status, reason, message, device, change, stale
        case rosterHead = "roster_head"
    }

    /// A refusal.
    public init(
        status: Int, reason: Reason, message: String, device: DeviceID? = nil,
        change: Int? = nil, stale: [StaleObject]? = nil, rosterHead: RosterHead? = nil
    ) {
        self.status = status
        self.reason = reason
        self.message = message
        self.device = device
        self.change = change
        self.stale = stale
        self.rosterHead = rosterHead
    }
}
