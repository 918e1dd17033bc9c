import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Checks a pulled removal of an athlete as the server does: signed over this workspace
    /// by a certified user, not disabled, whose role may remove athletes.
    ///
    /// - Parameters:
    ///   - db: the open write.
    ///   - removal: the roster's removal entry.
    ///   - actor: the signed-in user, whose trust anchor the remover is checked against.
    /// - Throws: `StoreError.tampered` naming the removal when it does not verify.
    func verifyRemoval(_ db: Database, _ removal: RosterRemoval, as actor: Principal) throws {
        let message = removal.message(workspaceId: actor.anchor.workspaceId)
        guard
            let signer = try? CertificateBook().certificate(
                db, userId: removal.removedBy.rawValue, anchor: actor.anchor),
            AuditRoles.allows(signer.role, "athlete.remove"), !signer.disabled,
            SigningKeyPair.verify(removal.signature.bytes, of: message, publicKey: signer.signPK)
        else {
            throw StoreError.tampered(
                "the removal of athlete '\(removal.athleteId.rawValue)' on the server "
                    + "(not signed by a staff user)")
        }
    }

    /// Checks a pulled plugin entry: the entry signed over this workspace by the owner, and a
    /// record that is a plugin row of that id carrying the owner's signature, not added
    /// before `notBefore` (an older record replayed).
    ///
    /// - Parameters:
    ///   - db: the open write.
    ///   - plugin: the roster's plugin entry.
    ///   - notBefore: the newest `added_at` of the plugin earlier on the roster.
    ///   - actor: the signed-in user, whose trust anchor the owner is checked against.
    /// - Returns: the record; nil for a removal of the plugin.
    /// - Throws: `StoreError.tampered` naming the plugin and what does not verify.
    func verifiedPlugin(
        _ db: Database, _ plugin: RosterPlugin, notBefore: String?, as actor: Principal
    ) throws -> RosterPluginRecord? {
        let ws = actor.anchor.workspaceId, id = plugin.pluginId
        let owner = try CertificateBook().owner(db, anchor: actor.anchor)
        guard plugin.signerId.rawValue == owner.userId,
            SigningKeyPair.verify(
                plugin.signature.bytes, of: plugin.message(workspaceId: ws),
                publicKey: owner.signPK)
        else { throw StoreError.tampered("the roster entry of plugin '\(id)' (not the owner's)") }
        if plugin.record.bytes.isEmpty { return nil }
        guard let record = try? RosterPluginRecord(bytes: plugin.record.bytes), record.id == id
        else { throw StoreError.tampered("the record of plugin '\(id)'") }
        let message = Self.pluginMessage(
            workspaceId: ws, id: record.id, path: record.path, sha256: record.sha256,
            manifest: record.manifest, granted: record.granted,
            addedBy: record.addedBy.rawValue, addedAt: record.addedAt)
        guard
            SigningKeyPair.verify(
                record.signature.bytes, of: message, publicKey: actor.anchor.ownerSignPK)
        else { throw StoreError.tampered("the owner's signature of plugin '\(id)'") }
        if let notBefore, record.addedAt < notBefore {
            throw StoreError.tampered(
                "the record of plugin '\(id)' (older than a newer one: replayed)")
        }
        return record
    }

    /// Stores or drops a plugin row as the server's record says, once it verifies
    /// (`verifiedPlugin`, against the roster's newest record of the plugin so far, in
    /// `newest`: the roster is read whole, so an older record after it is a replay); whether
    /// it changed. A record older than the row held is not written (a later entry of the
    /// roster holds the newer one). That each entry names the plugin's previous one is
    /// checked before (`RosterPluginChain`), so a removal follows the record it removes; it
    /// drops the held row only when that row is this record.
    func applyPlugin(
        _ db: Database, _ plugin: RosterPlugin, as actor: Principal,
        newest: inout [String: RosterPluginRecord]
    ) throws -> Bool {
        let id = plugin.pluginId
        let held = try Row.fetchOne(db, sql: "SELECT * FROM plugins WHERE id = ?", arguments: [id])
            .map(Self.pluginRecord)
        let verified = try verifiedPlugin(db, plugin, notBefore: newest[id]?.addedAt, as: actor)
        guard let record = verified else {
            guard let held, held == newest[id] else { return false }
            try db.execute(sql: PluginsTable.delete, arguments: [plugin.pluginId])
            return true
        }
        newest[id] = record
        if let held, held.addedAt > record.addedAt { return false }
        if held == record { return false }
        try db.execute(
            sql: PluginsTable.insert,
            arguments: [
                record.id, record.path, record.sha256, record.manifest, record.granted,
                record.addedBy.rawValue, record.addedAt, Data(record.signature.bytes),
            ])
        return true
    }
}
