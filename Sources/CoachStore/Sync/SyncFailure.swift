import CoachKit

/// Why a sync step of the store cannot go on; a change that is refused names the device that
/// signed it and its user.
public enum SyncFailure: Error, Equatable, Sendable {
    /// The workspace syncs, but this machine's device key of the user is not open.
    case deviceNotOpen
    /// The workspace is not published to or joined from a server.
    case notSynced
    /// The workspace already syncs with a server.
    case alreadySynced(server: String)
    /// A received change is refused: forged, altered, out of role or out of order.
    case refusedChange(device: DeviceID, user: String, reason: String)
    /// A stream's hash chain does not continue where this replica holds it.
    case streamBroken(stream: String, reason: String)
    /// A membership change of a synced workspace could not reach the server that makes it
    /// final (`server`: its address); nothing was changed.
    case membershipOffline(server: String)
    /// An enrolment code redeemed in a synced workspace: the re-keyed user would have to be
    /// taken by the server's roster first, which needs a device of that user on this machine
    /// (not built yet); nothing was changed.
    case enrolmentNotSynced
    /// The server's roster refused a membership change, or kept moving under it; nothing was
    /// changed here.
    case membershipRefused(reason: String)
    /// The server's roster refused a key rotation because the athlete's stream moved past the
    /// position the rotation carries (another device pushed since this replica's last pull);
    /// nothing was changed here. A use case that rotates pulls and makes it again.
    case rotationBehindStream(reason: String)
    /// Queued changes to athletes whose current key the user no longer holds (access revoked
    /// after they were made): the server refuses them, so they stay queued here, unsent.
    case accessRevoked(athletes: [String], changes: Int)
    /// What was given to join with does not read as an invitation code; nothing was sent.
    case notInvitationCode
    /// The server signs its log with a key other than the one pinned: nothing was published.
    case serverKeyMismatch(pinned: String, served: String)
    /// Evidence of a refused server log was asked for, and this replica keeps none.
    case noLogEvidence
}

extension SyncFailure: CoachFailure {
    public var category: FailureCategory {
        switch self {
        case .deviceNotOpen, .notSynced, .notInvitationCode: .usage
        case .alreadySynced, .membershipOffline, .membershipRefused, .rotationBehindStream,
            .enrolmentNotSynced:
            .conflict
        case .refusedChange, .streamBroken, .serverKeyMismatch: .corrupt
        case .accessRevoked: .permission
        case .noLogEvidence: .notFound
        }
    }

    public var problemDescription: String {
        switch self {
        case .deviceNotOpen:
            "this workspace syncs, and this machine's device key of the user is not open"
        case .notSynced: "this workspace is not published to a sync server nor joined from one"
        case .alreadySynced(let server): "this workspace already syncs with \(server)"
        case .refusedChange(let device, let user, let reason):
            "a change signed by device \(device) of user \(user) was refused: \(reason); "
                + "nothing of this sync was applied"
        case .streamBroken(let stream, let reason):
            "the server's changes of stream \(stream) do not continue this replica's: \(reason); "
                + "nothing of this sync was applied"
        case .enrolmentNotSynced:
            "an enrolment code cannot be redeemed yet in a workspace that syncs with a server: "
                + "nothing was changed; until it can, the owner adds users of a synced workspace "
                + "with a passphrase of their own and invites them"
        case .membershipOffline(let server):
            "membership changes of a synced workspace are made online, and the server at "
                + "\(server) could not be reached: nothing was changed; sync when online and "
                + "make the change again"
        case .accessRevoked(let athletes, let changes):
            "\(changes) queued change\(changes == 1 ? "" : "s") to "
                + "\(athletes.joined(separator: ", ")) "
                + "cannot be synced: access was revoked since; they stay queued on this machine, "
                + "unsent, and everything else was synced"
        case .notInvitationCode:
            "that is not an invitation code (24 letters and digits, dashes optional): nothing "
                + "was sent to the server; ask the inviting user for the code again"
        case .serverKeyMismatch(let pinned, let served):
            "the server's log key is \(served), not the pinned \(pinned): nothing was "
                + "published; check the fingerprint with the server's operator"
        case .noLogEvidence:
            "this replica keeps no evidence of a refused server log: it has refused none"
        case .membershipRefused(let reason), .rotationBehindStream(let reason):
            "the server's roster did not take this membership change (\(reason)): nothing was "
                + "changed; sync, then make the change again"
        }
    }

    public var remedy: Remedy? {
        switch self {
        case .deviceNotOpen: .unlock
        default: nil
        }
    }
}
