import CoachCrypto
import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// Adds (or replaces, after a change of executable) a plugin, with an audit entry; the
    /// owner signs the record.
    ///
    /// - Throws: `StoreError.permissionDenied` unless the actor is the owner.
    public func addPlugin(_ entry: PluginEntry, as actor: Principal) throws {
        guard actor.role == .owner else {
            throw StoreError.permissionDenied("only the owner adds metric plugins")
        }
        try write { db in
            let time = Instant(epochSeconds: Double(nowSeconds), offsetSeconds: 0).description
            let replaced =
                try Int.fetchOne(
                    db, sql: PluginsTable.countOfId, arguments: [entry.id])
                ?? 0
            let grants =
                (entry.granted.map(\.rawValue)
                + (entry.unsandboxed ? [PluginEntry.unsandboxedToken] : []))
                .joined(separator: ",")
            let signature = actor.signKeys.sign(
                Self.pluginMessage(
                    workspaceId: actor.anchor.workspaceId, id: entry.id, path: entry.path,
                    sha256: entry.sha256, manifest: entry.manifest, granted: grants,
                    addedBy: actor.userId.rawValue, addedAt: time))
            try db.execute(
                sql: PluginsTable.insert,
                arguments: [
                    entry.id, entry.path, entry.sha256, entry.manifest, grants,
                    actor.userId.rawValue, time, Data(signature),
                ])
            try appendAudit(
                db, actor: actor, action: replaced > 0 ? "plugin.readd" : "plugin.add",
                target: "\(entry.id) sha256:\(entry.sha256) kinds:\(grants)")
        }
    }

    /// Removes a plugin, with an audit entry.
    ///
    /// - Throws: `StoreError.permissionDenied` unless the actor is the owner;
    ///   `StoreError.recordNotFound` when no plugin has that id.
    public func removePlugin(id: String, as actor: Principal) throws {
        guard actor.role == .owner else {
            throw StoreError.permissionDenied("only the owner removes metric plugins")
        }
        try write { db in
            try db.execute(sql: PluginsTable.delete, arguments: [id])
            guard db.changesCount > 0 else { throw StoreError.recordNotFound("plugin \(id)") }
            noteRosterRemoval(.plugin(id))
            try appendAudit(db, actor: actor, action: "plugin.remove", target: id)
        }
    }

    /// The plugins added to the workspace, by id, each marked `signed` when it carries the
    /// owner's signature (checked against `actor`'s trust anchor).
    public func plugins(as actor: Principal) throws -> [PluginEntry] {
        try read { db in
            try Row.fetchAll(db, sql: PluginsTable.allById).map { r in
                let granted: String = r["granted"]
                let kinds = granted.split(separator: ",")
                    .compactMap { InputKind(rawValue: String($0)) }
                var entry = PluginEntry(
                    id: r["id"], path: r["path"], sha256: r["sha256"], manifest: r["manifest"],
                    granted: kinds, addedAt: r["added_at"])
                entry.unsandboxed = granted.split(separator: ",")
                    .contains(Substring(PluginEntry.unsandboxedToken))
                let message = Self.pluginMessage(
                    workspaceId: actor.anchor.workspaceId, id: entry.id, path: entry.path,
                    sha256: entry.sha256, manifest: entry.manifest, granted: granted,
                    addedBy: r["added_by"], addedAt: entry.addedAt)
                entry.signed =
                    (r["signature"] as Data?).map {
                        SigningKeyPair.verify(
                            [UInt8]($0), of: message, publicKey: actor.anchor.ownerSignPK)
                    } ?? false
                return entry
            }
        }
    }

    /// What the owner signs for a plugin record: every column but the signature, tied to the
    /// workspace.
    static func pluginMessage(
        workspaceId: String, id: String, path: String, sha256: String, manifest: String,
        granted: String, addedBy: String, addedAt: String
    ) -> [UInt8] {
        AssociatedData("coach/1/plugin").with(
            workspaceId, id, path, sha256, manifest, granted, addedBy, addedAt
        ).bytes
    }

    /// A key only this workspace's users can derive, different for every plugin and stable
    /// across runs, for turning athlete ids into references a plugin cannot link to any other.
    public func pluginReferenceKey(pluginID: String, as actor: Principal) throws -> SecretKey {
        var bytes = Hashing.keyedBlake2b(
            AssociatedData("coach/1/plugin-ref").with(pluginID).bytes, key: actor.indexKey)
        return try SecretKey(consuming: &bytes)
    }
}
