import CoachCrypto
import Foundation

/// What a check of the public rows covered.
public struct PublicVerification: Sendable, Equatable {
    /// Users whose certificates verified.
    public let users: Int
    /// Athletes whose key history and newest grants verified.
    public let athletes: Int
}

extension Workspace {
    /// Verifies membership and key history from public rows alone, holding no keys: every
    /// user certificate, every athlete's chained and signed epochs, and every grant of each
    /// athlete's newest epoch.
    ///
    /// A party that stores the workspace without being a member (a sync server) knows the
    /// workspace id and the owner's signing public key from outside the file and calls this.
    ///
    /// - Parameters:
    ///   - workspaceId: the workspace's id.
    ///   - ownerSigningKey: the owner's Ed25519 public key.
    /// - Throws: `StoreError.tampered` naming the first thing that fails.
    public func verifyPublicRows(workspaceId: String, ownerSigningKey: [UInt8]) throws
        -> PublicVerification
    {
        let verifier = MembershipVerifier(
            anchor: TrustAnchor(workspaceId: workspaceId, ownerSignPK: ownerSigningKey),
            book: CertificateBook())
        let counts = try read { db in try verifier.verifyAll(db) }
        return PublicVerification(users: counts.users, athletes: counts.athletes)
    }
}
