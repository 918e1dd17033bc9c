import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// The server's log key the owner certified, as this replica last took it from the
    /// roster; nil while the roster holds none (the log is then not checked).
    ///
    /// - Parameter actor: the signed-in user, whose trust anchor the certificate must verify
    ///   against.
    /// - Returns: the certificate, checked again on every read.
    /// - Throws: `StoreError.tampered` when the file's certificate does not read or is not
    ///   the owner's.
    public func logKey(as actor: Principal) throws -> LogKeyCertificate? {
        try read { db in try logKey(db, anchor: actor.anchor) }
    }

    /// The 16-hex-digit fingerprint of the certified log key, nil while none is held.
    ///
    /// - Throws: `StoreError.tampered` as `logKey(as:)`.
    public func logKeyFingerprint(as actor: Principal) throws -> String? {
        try logKey(as: actor)?.fingerprint
    }

    /// The owner's entry certifying `serverPK` as the log key of this workspace's server,
    /// for the whole log (`fromSize` 0) or from the size a new key takes over at.
    ///
    /// - Parameters:
    ///   - serverPK: the Ed25519 key the server named (`GET /v1/server`).
    ///   - fromSize: the first log size the key may sign.
    ///   - actor: the owner, who signs it.
    /// - Returns: the signed roster entry.
    /// - Throws: `StoreError.permissionDenied` unless `actor` is the owner.
    public func logKeyEntry(serverPK: [UInt8], fromSize: UInt64 = 0, as actor: Principal)
        throws -> RosterLogKey
    {
        guard actor.role == .owner else {
            throw StoreError.permissionDenied("only the owner certifies the server's log key")
        }
        var cert = LogKeyCertificate(
            workspaceId: actor.anchor.workspaceId, serverPK: serverPK, created: nowMilliseconds,
            fromSize: fromSize)
        cert.sign(by: actor.signKeys)
        return RosterLogKey(cert)
    }

    func logKey(_ db: Database, anchor: TrustAnchor) throws -> LogKeyCertificate? {
        guard let bytes = try Data.fetchOne(db, sql: SyncLogTables.keyCertificate) else {
            return nil
        }
        guard let cert = try? LogKeyCertificate.decode([UInt8](bytes)), cert.valid(anchor: anchor)
        else { throw StoreError.tampered("the server's log key certificate in this file") }
        return cert
    }

    /// The roster's `log_key` entries must each be the owner's and follow the one before it
    /// (`RosterLogKey.follows`): an older certificate pushed or replayed again is tampering.
    func requireLogKeyOrder(_ entries: [RosterEntry], anchor: TrustAnchor) throws {
        var current: LogKeyCertificate?
        for case .logKey(let entry) in entries {
            guard let cert = entry.verified(anchor: anchor) else {
                throw StoreError.tampered(
                    "the server's log key on the roster (not certified by the owner)")
            }
            guard RosterLogKey.follows(current, with: cert) else {
                throw StoreError.tampered(
                    "the server's log key on the roster (an older certificate replayed)")
            }
            current = cert
        }
    }

    /// Takes a pulled `log_key` entry: it must be the owner's, and newer than the key held.
    /// Whether it changed the replica.
    func applyLogKey(_ db: Database, _ entry: RosterLogKey, anchor: TrustAnchor) throws -> Bool {
        guard let cert = entry.verified(anchor: anchor) else {
            throw StoreError.tampered(
                "the server's log key on the roster (not certified by the owner)")
        }
        let held = try logKey(db, anchor: anchor)
        if held == cert { return false }
        // A roster read again from its start carries the keys before the current one (their
        // order is checked first: `requireLogKeyOrder`).
        if let held, cert.created < held.created { return false }
        guard RosterLogKey.follows(held, with: cert) else {
            throw StoreError.tampered(
                "the server's log key on the roster (it does not follow the key held here)")
        }
        try db.execute(sql: SyncLogTables.setKeyCertificate, arguments: [Data(cert.encoded())])
        return true
    }
}
