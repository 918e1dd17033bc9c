import CoachKit
import CoachSync
import CoachTrust

extension SyncProblem {
    /// The HTTP status of each reason, as docs/sync-api.md lists them.
    static func status(of reason: Reason) -> Int {
        switch reason {
        case .malformed, .badEnvelope: 400
        case .unauthenticated, .badChallenge: 401
        case .badRegistration, .otherWorkspace, .wrongDevice, .badSignature, .deviceRevoked,
            .outOfRole, .badInvitation:
            403
        case .unknownWorkspace, .notFound: 404
        case .workspaceExists, .rosterHeadMoved, .streamMoved, .wrongEpoch, .brokenChain,
            .staleBase, .batchReused, .noLogReset:
            409
        case .tooLarge: 413
        case .rosterRejected, .unknownStream, .clockAhead, .unknownTreeHead, .seenWentBack: 422
        case .internalError: 500
        }
    }

    /// A refusal with the status its reason has.
    static func refuse(
        _ reason: Reason, _ message: String, device: DeviceID? = nil, change: Int? = nil
    ) -> SyncProblem {
        SyncProblem(
            status: status(of: reason), reason: reason, message: message, device: device,
            change: change)
    }

    /// The refusal of a change the envelope checks refused.
    static func change(_ rejection: ChangeRejection, index: Int) -> SyncProblem {
        let reason: Reason =
            switch rejection {
            case .malformed, .unsupportedVersion: .badEnvelope
            case .otherWorkspace: .otherWorkspace
            case .signerMismatch: .wrongDevice
            case .badSignature: .badSignature
            case .deviceRevoked: .deviceRevoked
            case .sequenceGap, .brokenChain: .brokenChain
            }
        return refuse(
            reason, "change \(index): \(rejection.problemDescription)", device: rejection.device,
            change: index)
    }
}
