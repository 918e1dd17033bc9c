import CoachKit
import CoachSync

/// Why talking to the sync server failed: it could not be reached, it refused a request
/// (its typed reason), or its answer was not the API's.
public enum SyncRemoteFailure: Error, Equatable, Sendable {
    /// No answer came from the server.
    case unreachable(server: String, detail: String)
    /// The server refused the request.
    case refused(SyncProblem)
    /// The answer is not what the API says.
    case badAnswer(server: String, path: String)
    /// The address is not an http(s) URL, or is plain http to another host than this one.
    case badAddress(String)
}

extension SyncRemoteFailure: CoachFailure {
    public var category: FailureCategory {
        switch self {
        case .unreachable: .conflict
        case .badAnswer: .invalidData
        case .badAddress: .usage
        case .refused(let problem):
            switch problem.reason {
            case .unauthenticated, .badChallenge, .deviceRevoked, .badInvitation: .auth
            case .outOfRole: .permission
            case .unknownWorkspace, .notFound: .notFound
            case .workspaceExists, .rosterHeadMoved, .streamMoved, .staleBase, .wrongEpoch,
                .batchReused, .noLogReset:
                .conflict
            case .badSignature, .badEnvelope, .brokenChain, .wrongDevice, .otherWorkspace,
                .rosterRejected, .badRegistration, .unknownTreeHead, .seenWentBack:
                .corrupt
            case .malformed, .tooLarge, .clockAhead, .unknownStream, .internalError:
                .invalidData
            }
        }
    }

    public var problemDescription: String {
        switch self {
        case .unreachable(let server, let detail):
            "the sync server at \(server) could not be reached or did not answer (\(detail)); "
                + "what is queued stays queued: check the address and that the server runs, "
                + "then sync again"
        case .refused(let problem):
            "the sync server refused: \(problem.message)"
                + (problem.device.map { " (device \($0))" } ?? "")
        case .badAddress(let address):
            "'\(address)' is not a sync server address: use https://HOST[:PORT] "
                + "(plain http only to this machine, 127.0.0.1 or localhost)"
        case .badAnswer(let server, let path):
            "the sync server at \(server) answered \(path) with something that is not the API's"
        }
    }
}
