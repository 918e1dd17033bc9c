import CoachKit

/// Why a piece of membership or key history cannot be trusted.
///
/// The trust checks name what failed in a phrase a front end can put after "tampering with":
/// "the membership certificate of user 'carl'", "the key history of this athlete".
public enum TrustError: Error, Equatable, Sendable {
    /// A certificate, epoch or grant is missing, altered, signed by someone not allowed to sign
    /// it, or older than one already seen.
    case tampered(String)

    /// A grant of an athlete's key that does not count (altered, planted, or signed by
    /// someone not allowed to).
    public static let accessGrant = TrustError.tampered("the access grant of this athlete")
    /// An athlete whose newest epoch the owner holds no grant of.
    public static let ownerGrant = TrustError.tampered("the owner's access grant of this athlete")

    /// Whether this failure is about a grant (rather than a certificate or key history).
    public var isGrant: Bool { self == .accessGrant || self == .ownerGrant }

    /// The phrase naming what failed.
    public var what: String {
        switch self {
        case .tampered(let what): what
        }
    }
}

extension TrustError: CoachFailure {
    public var category: FailureCategory { .corrupt }
    public var problemDescription: String { "integrity check failed for \(what)" }
}
