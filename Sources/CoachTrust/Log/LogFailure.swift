import CoachKit

/// Why a club server's log cannot be trusted: it went back, it forked, or what it served
/// does not check out.
///
/// Every case but `unsupportedVersion` is an integrity failure (`FailureCategory.corrupt`): a
/// front end refuses and names the sizes, and nothing of what the server served is applied.
/// Sizes are numbers of log entries.
public enum LogFailure: Error, Equatable, Sendable {
    /// The served log is smaller than the one already verified.
    case rolledBack(from: UInt64, to: UInt64)
    /// The served log does not extend the verified one: the same size with another root, or a
    /// larger log whose consistency proof fails.
    case forked(held: UInt64, served: UInt64)
    /// A tree head is not valid: another workspace, a bad signature, a root of the wrong length.
    case badHead(String)
    /// A tree head is signed by a key the owner has not certified (its 16-hex fingerprint), or
    /// certified only from a later size.
    case uncertifiedKey(String)
    /// A stream's change is not in the signed log.
    case notIncluded(stream: ChangeStream, sequence: Int64)
    /// A device names a log position the served log does not contain.
    case seenForked(device: DeviceID, seen: UInt64)
    /// An owner's countersigned tree head contradicts the served log.
    case checkpointForked(at: UInt64)
    /// A log-reset statement is not valid (unsigned by the owner, replayed, or contradicting).
    case badReset(String)
    /// Log bytes (a tree head, a certificate, a statement) are damaged.
    case malformed(String)
    /// Log bytes of a format version this build does not know.
    case unsupportedVersion(what: String, version: Int)
}

extension LogFailure: CoachFailure {
    public var category: FailureCategory {
        switch self {
        case .unsupportedVersion: .invalidData
        default: .corrupt
        }
    }

    public var problemDescription: String {
        switch self {
        case .rolledBack(let from, let to):
            "the server's log went back from \(from) to \(to) entries"
        case .forked(let held, let served):
            "the server's log of \(served) entries does not extend the \(held) verified before"
                + " (forked)"
        case .badHead(let why): "a signed tree head of the server is not valid: \(why)"
        case .uncertifiedKey(let fingerprint):
            "the server's log is signed with key \(fingerprint), which the owner has not"
                + " certified for a log of that size"
        case .notIncluded(.roster, let sequence):
            "the roster's stream at \(sequence) is not in the server's signed log"
        case .notIncluded(.athlete(let athlete), let sequence):
            "athlete \(athlete)'s stream at \(sequence) is not in the server's signed log"
        case .seenForked(let device, let seen):
            "device \(device) names a log of \(seen) entries that the server's log does not contain"
        case .checkpointForked(let size):
            "the owner's checkpoint at \(size) entries contradicts the server's log"
        case .badReset(let why): "a log-reset statement is not valid: \(why)"
        case .malformed(let what): "\(what) is damaged"
        case .unsupportedVersion(let what, let version):
            "\(what) has unknown format version \(version)"
        }
    }
}

extension LogFailure {
    /// A rollback or a fork of any kind is kept as evidence by the replica that refused it:
    /// the remedy is to write that evidence out.
    public var remedy: Remedy? {
        switch self {
        case .rolledBack, .forked, .seenForked, .checkpointForked: .writeLogEvidence
        default: nil
        }
    }
}
