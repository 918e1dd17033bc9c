import CoachCrypto
import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// Adds (or replaces, after a change of executable) a plugin, with an audit entry.
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
                    db, sql: "SELECT COUNT(*) FROM plugins WHERE id = ?", arguments: [entry.id])
                ?? 0
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO plugins (id, path, sha256, manifest, granted, added_by, added_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    entry.id, entry.path, entry.sha256, entry.manifest,
                    entry.granted.map(\.rawValue).joined(separator: ","),
                    actor.userId.rawValue, time,
                ])
            let grants = entry.granted.map(\.rawValue).joined(separator: ",")
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
            try db.execute(sql: "DELETE FROM plugins WHERE id = ?", arguments: [id])
            guard db.changesCount > 0 else { throw StoreError.recordNotFound("plugin \(id)") }
            try appendAudit(db, actor: actor, action: "plugin.remove", target: id)
        }
    }

    /// The plugins added to the workspace, by id.
    public func plugins() throws -> [PluginEntry] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM plugins ORDER BY id").map { r in
                let kinds = (r["granted"] as String).split(separator: ",")
                    .compactMap { InputKind(rawValue: String($0)) }
                return PluginEntry(
                    id: r["id"], path: r["path"], sha256: r["sha256"], manifest: r["manifest"],
                    granted: kinds, addedAt: r["added_at"])
            }
        }
    }

    /// A key only this workspace's users can derive, different for every plugin and stable
    /// across runs, for turning athlete ids into references a plugin cannot link to any other.
    public func pluginReferenceKey(pluginID: String, as actor: Principal) throws -> SecretKey {
        var bytes = Hashing.keyedBlake2b(
            AssociatedData("coach/1/plugin-ref").with(pluginID).bytes, key: actor.indexKey)
        return try SecretKey(consuming: &bytes)
    }
}
