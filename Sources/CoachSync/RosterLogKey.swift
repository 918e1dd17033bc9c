import CoachCrypto
import CoachKit
import CoachTrust

/// The club server's log key on the roster: the owner's `LogKeyCertificate` in its byte form.
///
/// Only the owner signs one, and the roster holds one current key: a later entry replaces the
/// earlier only when it was certified later (`follows(_:)`), so an older certificate pushed or
/// replayed again is refused by the server and by every replica. Until a roster holds one,
/// clients do not check the server's log.
public struct RosterLogKey: Codable, Equatable, Sendable {
    /// `LogKeyCertificate.encoded()`.
    public var certificate: SyncBytes

    /// The entry carrying `certificate`.
    public init(_ certificate: LogKeyCertificate) {
        self.certificate = SyncBytes(certificate.encoded())
    }

    /// The certificate, when its byte form reads.
    public var decoded: LogKeyCertificate? {
        try? LogKeyCertificate.decode(certificate.bytes)
    }

    /// The certificate when it is well formed, for `anchor`'s workspace and signed by its
    /// owner; nil otherwise.
    ///
    /// - Parameter anchor: the workspace id and owner key every roster entry answers to.
    /// - Returns: the owner-certified key, or nil for an entry nobody may take.
    public func verified(anchor: TrustAnchor) -> LogKeyCertificate? {
        guard let cert = decoded, cert.valid(anchor: anchor) else { return nil }
        return cert
    }

    /// Whether `certificate` may become the current key after `current`: with none yet, any;
    /// else one certified later, for a log size no smaller.
    ///
    /// - Parameters:
    ///   - current: the roster's current key, if any.
    ///   - certificate: the verified certificate of the entry that follows.
    /// - Returns: true when the entry may replace `current`.
    public static func follows(
        _ current: LogKeyCertificate?, with certificate: LogKeyCertificate
    ) -> Bool {
        guard let current else { return true }
        return certificate.created > current.created && certificate.fromSize >= current.fromSize
    }

    var fields: AssociatedData {
        AssociatedData("log_key").with(certificate.bytes)
    }
}
