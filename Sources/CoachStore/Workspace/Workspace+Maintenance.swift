import CoachCrypto
import CoachKit
import CoachLocal
import Foundation
import GRDB

extension Workspace {
    /// Checks integrity, foreign keys, file modes, the audit chain and the key chains the actor holds.
    public func doctor(as actor: Principal?) throws -> [DoctorCheck] {
        var checks: [DoctorCheck] = []
        let integrity = try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        checks.append(
            DoctorCheck(
                name: "integrity", ok: integrity == ["ok"],
                detail: integrity == ["ok"]
                    ? "SQLite integrity_check ok" : integrity.prefix(3).joined(separator: "; ")))
        let fk = try read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count }
        checks.append(
            DoctorCheck(
                name: "foreign-keys", ok: fk == 0,
                detail: fk == 0 ? "no dangling references" : "\(fk) dangling references"))
        var st = stat()
        let modeOK = stat(path, &st) == 0 && st.st_mode & 0o077 == 0
        checks.append(
            DoctorCheck(
                name: "permissions", ok: modeOK,
                detail: modeOK
                    ? "workspace file is private (0600)"
                    : "workspace file is readable by others; run chmod 600 \(path)"))
        let journal = try read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } ?? "?"
        checks.append(
            DoctorCheck(
                name: "journal", ok: journal == "wal",
                detail: "journal mode \(journal) (same-host use only)"))
        let audit = try verifyAudit()
        checks.append(
            DoctorCheck(
                name: "audit", ok: audit.ok,
                detail: audit.ok
                    ? "\(audit.entries) entries, chain and signatures verify"
                    : "entry \(audit.failedSeq ?? 0): \(audit.reason ?? "")"))
        if let actor {
            checks.append(
                DoctorCheck(
                    name: "marks", ok: actor.rollback == nil,
                    detail: actor.rollback?.problem
                        ?? "the file is not older than what this user saw on this machine"))
            checks.append(try membershipCheck(as: actor))
            checks.append(try grantsCheck(as: actor))
            checks.append(try auditRoleCheck(as: actor))
            var bad = 0, total = 0
            try read { db in
                let ids = try heldIds(db, as: actor)
                for id in ids {
                    total += 1
                    do {
                        let keyring = try AthleteKeyring.open(db, athleteId: id, principal: actor)
                        for e in 1...keyring.currentEpoch { _ = try keyring.dataKey(epoch: e, db) }
                    } catch { bad += 1 }
                }
            }
            checks.append(
                DoctorCheck(
                    name: "keys", ok: bad == 0,
                    detail: bad == 0
                        ? "\(total) athlete key chains open and match their commitments"
                        : "\(bad) of \(total) athlete key chains fail to open"))
            checks.append(try recordHeadCheck(as: actor))
        }
        return checks
    }

    /// Verifies every user's certificate against the actor's trust anchor; names the failures.
    func membershipCheck(as actor: Principal) throws -> DoctorCheck {
        var failed: [String] = []
        let users = try read { db in
            try Row.fetchAll(db, sql: UsersTable.idsAndHandlesByHandle)
        }
        try read { db in
            for user in users {
                do { _ = try actor.certificate(db, user["id"]) } catch StoreError.tampered {
                    failed.append("'\(user["handle"] as String)'")
                }
            }
            do { _ = try defaultPreset(db, as: actor) } catch StoreError.tampered {
                failed.append("the password-hashing preset (meta.kdf_preset)")
            }
        }
        return DoctorCheck(
            name: "membership", ok: failed.isEmpty,
            detail: failed.isEmpty
                ? "\(users.count) user certificates verify against the owner's key"
                : "certificates that fail to verify: " + failed.joined(separator: ", "))
    }

    /// Writes a consistent copy of the workspace to `destination` (mode 0600), with `VACUUM INTO`.
    public func backup(to destination: String) throws {
        if FileManager.default.fileExists(atPath: destination) {
            throw StoreError.workspaceExists(destination)
        }
        let fd = Glibc.open(destination, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw StoreError.unsafePath(destination, reason: "cannot create it") }
        close(fd)
        do {
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "VACUUM INTO ?", arguments: [destination])
            }
        } catch {
            unlink(destination)
            throw error
        }
    }

    /// Replaces the workspace at `path` with the backup at `source`, after checking the backup.
    ///
    /// The copy runs through SQLite's backup API under the destination's write lock, so other
    /// processes see either the old or the restored workspace, never a mix.
    ///
    /// - Parameter marks: where users' marks are kept; the restored workspace's are forgotten,
    ///   because going back to the backup is deliberate.
    public static func restore(
        from source: String, to path: String, marks: (any MarksKeeper)? = nil
    ) throws {
        try Sodium.initialize()
        let backup: DatabaseQueue
        var restoredId: String?
        do {
            var config = configuration(readOnly: true)
            config.readonly = true
            backup = try DatabaseQueue(path: source, configuration: config)
            try backup.read { db in
                guard try db.tableExists("meta"),
                    try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'format'")
                        == Schema.formatTag
                else { throw StoreError.notAWorkspace(source) }
                guard try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"] else {
                    throw StoreError.corrupt("the backup \(source)")
                }
                try SchemaGuard.check(db, foreignOnly: true)
                restoredId = try String.fetchOne(
                    db, sql: "SELECT value FROM meta WHERE key = 'workspace_id'")
            }
        } catch let error as DatabaseError {
            throw mapOpenError(error, path: source)
        }
        if !FileManager.default.fileExists(atPath: path) {
            try StoreError.local {
                try SecureFiles.makeDirectory((path as NSString).deletingLastPathComponent)
            }
            let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
            guard fd >= 0 else { throw StoreError.unsafePath(path, reason: "cannot create it") }
            close(fd)
        } else {
            try StoreError.local { try SecureFiles.checkWorkspace(path, allowShared: false) }
        }
        let pool = try DatabasePool(path: path, configuration: configuration())
        try backup.backup(to: pool)
        _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        if let marks, let restoredId { marks.forget(workspaceId: restoredId) }
    }
}
