import GRDB

extension Schema {
    /// Registers the migrations from device keys on (`v13-devices` and after): devices,
    /// record heads, sync and its log, the check-in, resets and redaction, in their order.
    ///
    /// - Parameter m: the migrator, holding every earlier migration.
    static func registerDeviceAndSyncMigrations(_ m: inout DatabaseMigrator) {
        m.registerMigration(devicesMigration) { db in
            // Each machine a user signs in on gets a device key; its certificate (id, user,
            // public key, creation time, name) is signed by the user, and a revocation by the
            // owner or the user is kept in the same row. All public, checked without keys.
            try db.execute(sql: DevicesTable.create)
        }
        m.registerMigration(recordHeadsMigration) { db in
            // Each write to an athlete's records signs, in the same transaction, the count and
            // digest of all of them at the current epoch. Athletes from before get theirs at
            // their next write (nothing here can sign).
            try db.execute(sql: RecordHeadsTable.create)
        }
        m.registerMigration(syncMigration) { db in
            // Empty until the workspace is published to or joined from a server: a workspace
            // that never syncs keeps them empty, and its writes sign no change.
            try db.execute(sql: SyncTables.create)
        }
        m.registerMigration(streamMarksMigration) { db in
            // The signed stream position of each rotation this replica learned; a change after
            // it must be sealed under that epoch or a later one, whatever its clock says.
            try db.execute(sql: SyncTables.createMarks)
        }
        m.registerMigration(conflictResolversMigration) { db in
            // Which device resolved a conflict: this machine's for one resolved here, the
            // note's signer for one pulled. Rows kept before have none (NULL, listed as
            // unknown): nothing here could tell it for them.
            try db.execute(sql: SyncTables.addConflictResolver)
        }
        m.registerMigration(syncLogMigration) { db in
            // Empty until the roster carries the owner's certificate of the server's log key.
            try db.execute(sql: SyncLogTables.create)
        }
        m.registerMigration(checkinMigration) { db in
            // Public roster rows (phones and the keys they seal to) and the items ingested,
            // so a redelivered item makes no second record. Empty until a phone is paired.
            try db.execute(sql: CheckinTables.create)
        }
        m.registerMigration(syncEvidenceMigration) { db in
            // Empty until a server's log is refused (went back, forked, contradicted).
            try db.execute(sql: SyncEvidenceTables.create)
            // The owner's last checkpoint the roster carried (issue 27, Build 3).
            try db.execute(sql: SyncLogTables.addCheckpoint)
        }
        m.registerMigration(logResetMigration) { db in
            // No reset taken: the counter at 0, nothing to restore.
            try db.execute(sql: SyncLogResetTables.create)
        }
        m.registerMigration(logResetStatementMigration) { db in
            // None until the roster carries a reset (kept at the next roster read).
            try db.execute(sql: SyncLogResetTables.addStatement)
        }
        m.registerMigration(seenOrderMigration) { db in
            // Empty: a replica learns each device's `seen` from the next changes it applies.
            try db.execute(sql: SyncSeenTables.create)
        }
        m.registerMigration(syncRedactionsMigration) { db in
            try db.execute(sql: SyncRedactionTables.create)
        }
        m.registerMigration(syncWithheldMigration) { db in
            // Empty until a pull page carries a redacted change ahead of its re-seal.
            try db.execute(sql: SyncWithheldTables.create)
        }
    }
}
