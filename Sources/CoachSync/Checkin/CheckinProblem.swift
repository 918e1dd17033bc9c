/// The body of a refusal of the check-in routes (pairing, bundle, inbox post): the same shape
/// as `SyncProblem` (`status`, `reason`, `message`), with the check-in contract's reasons.
public struct CheckinProblem: Codable, Equatable, Sendable, Error {
    /// Why a check-in request was refused.
    public enum Reason: String, Codable, CaseIterable, Sendable {
        /// The item (or request) is not the contract's JSON, or a field is out of range.
        case badItem = "bad_item"
        /// The body is over its limit.
        case tooLarge = "too_large"
        /// No such workspace, pairing or device.
        case notFound = "not_found"
        /// The pairing took its one request already.
        case pairingUsed = "pairing_used"
        /// No or a bad `CoachCheckin` authorization.
        case unauthenticated
        /// The device is revoked.
        case deviceRevoked = "device_revoked"
        /// The device's approver no longer qualifies, or the item is for another athlete.
        case outOfRole = "out_of_role"
        /// The signature is not the device's.
        case badSignature = "bad_signature"
        /// The item is not sealed to the athlete's current epoch, or it has no inbox key.
        case wrongEpoch = "wrong_epoch"
        /// The item id was used for other bytes.
        case itemReused = "item_reused"
        /// The item's `sent_at` is more than 24 hours ahead of the server.
        case clockAhead = "clock_ahead"
        /// The device posted its most items in 24 hours.
        case rateLimited = "rate_limited"
        /// The athlete's inbox holds its most waiting items.
        case inboxFull = "inbox_full"
        /// The server failed.
        case internalError = "internal"

        /// The HTTP status of the reason.
        public var status: Int {
            switch self {
            case .badItem: 400
            case .unauthenticated: 401
            case .deviceRevoked, .outOfRole, .badSignature: 403
            case .notFound: 404
            case .pairingUsed, .wrongEpoch, .itemReused: 409
            case .tooLarge: 413
            case .clockAhead: 422
            case .rateLimited, .inboxFull: 429
            case .internalError: 500
            }
        }
    }

    public var status: Int
    public var reason: Reason
    /// One line: what was refused and why.
    public var message: String

    /// A refusal for `reason`, with its status.
    public init(_ reason: Reason, _ message: String) {
        status = reason.status
        self.reason = reason
        self.message = message
    }
}
