import GRDB

/// The workspace schema and its migrations.
///
/// Plaintext columns are deliberately few; `Schema.plaintextColumns` lists every column of
/// every table, and a test compares it with the live schema so nothing new slips in unseen.
enum Schema {
    static let formatTag = "coach-workspace"
    /// The migration that introduced signed membership.
    static let trustMigration = "v7-trust"
    /// The migration that introduced enrolment codes.
    static let enrolmentMigration = "v8-enrolment"
    /// Compact record payloads, compressed chunks in a rowid table, no (athlete, kind, day) index.
    static let compactRecordsMigration = "v9-compact-records"
    /// Records in a rowid table with the (athlete, id) key as an index beside it.
    static let recordsByRowidMigration = "v10-records-by-rowid"
    /// Plugin records signed by the owner.
    static let signedPluginsMigration = "v11-signed-plugins"
    /// Records keyed by an integer athlete key and ids in binary where they are UUIDs or hashes.
    static let compactRecordKeysMigration = "v12-compact-record-keys"
    /// Device certificates: one Ed25519 key per machine of a user, signed by that user.
    static let devicesMigration = "v13-devices"
    /// A signed head per athlete over the athlete's record rows.
    static let recordHeadsMigration = "v14-record-heads"
    /// Sync: the replica's registration and clock, cursors, outbox, record changes, conflicts.
    static let syncMigration = "v15-sync"
    /// Sync: where each athlete's stream stood when each of its epochs began.
    static let streamMarksMigration = "v16-stream-marks"
    /// Sync: the device that resolved each kept conflict (and signs its conflict note).
    static let conflictResolversMigration = "v17-conflict-resolvers"
    /// Sync: the club server's log key the owner certified (the log's state).
    static let syncLogMigration = "v18-sync-log"
    /// Check-in: the roster's check-in devices, the athlete epochs' inbox keys, the ingest ledger.
    static let checkinMigration = "v19-checkin"
    /// Sync: the evidence kept of each server log this replica refused.
    static let syncEvidenceMigration = "v20-sync-evidence"
    /// Sync: the owner's last log reset this replica took, and its pending restore.
    static let logResetMigration = "v21-log-reset"
    /// Sync: the newest owner-signed log reset the verified roster carried.
    static let logResetStatementMigration = "v22-log-reset-statement"
    /// Sync: each device's latest `seen` applied, so one going back is refused.
    static let seenOrderMigration = "v23-seen-order"
    /// Sync: the epoch of each athlete's last redaction this replica posted.
    static let syncRedactionsMigration = "v24-sync-redactions"
    /// The redacted changes applied before their re-seal arrived (`sync_withheld`).
    static let syncWithheldMigration = "v25-sync-withheld"

    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) STRICT;
                    CREATE TABLE users (
                        id TEXT PRIMARY KEY NOT NULL,
                        handle TEXT NOT NULL UNIQUE,
                        role TEXT NOT NULL CHECK (role IN ('owner','coach','athlete')),
                        athlete_id TEXT,
                        disabled INTEGER NOT NULL DEFAULT 0,
                        box_pk BLOB NOT NULL,
                        sign_pk BLOB NOT NULL,
                        kdf_alg TEXT NOT NULL,
                        kdf_ops INTEGER NOT NULL,
                        kdf_mem INTEGER NOT NULL,
                        kdf_salt BLOB NOT NULL,
                        key_nonce BLOB NOT NULL,
                        key_ciphertext BLOB NOT NULL,
                        index_key_sealed BLOB NOT NULL
                    ) STRICT;
                    CREATE TABLE sessions (
                        id TEXT PRIMARY KEY NOT NULL,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        expires_at INTEGER NOT NULL,
                        nonce BLOB NOT NULL,
                        ciphertext BLOB NOT NULL
                    ) STRICT;
                    CREATE TABLE athletes (
                        id TEXT PRIMARY KEY NOT NULL,
                        handle_tag BLOB NOT NULL UNIQUE
                    ) STRICT;
                    CREATE TABLE epochs (
                        athlete_id TEXT NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                        epoch INTEGER NOT NULL,
                        commitment BLOB NOT NULL,
                        prev_nonce BLOB,
                        prev_wrapped BLOB,
                        PRIMARY KEY (athlete_id, epoch)
                    ) STRICT;
                    CREATE TABLE grants (
                        athlete_id TEXT NOT NULL,
                        epoch INTEGER NOT NULL,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        sealed BLOB NOT NULL,
                        granted_by TEXT NOT NULL,
                        signature BLOB NOT NULL,
                        self_nonce BLOB,
                        self_sealed BLOB,
                        PRIMARY KEY (athlete_id, epoch, user_id),
                        FOREIGN KEY (athlete_id, epoch) REFERENCES epochs(athlete_id, epoch) ON DELETE CASCADE
                    ) STRICT;
                    CREATE INDEX grants_by_user ON grants(user_id, athlete_id);
                    CREATE TABLE records (
                        athlete_id TEXT NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                        id TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        day TEXT NOT NULL,
                        fmt INTEGER NOT NULL,
                        epoch INTEGER NOT NULL,
                        version INTEGER NOT NULL,
                        nonce BLOB NOT NULL,
                        ciphertext BLOB NOT NULL,
                        PRIMARY KEY (athlete_id, id),
                        FOREIGN KEY (athlete_id, epoch) REFERENCES epochs(athlete_id, epoch)
                    ) STRICT;
                    CREATE INDEX records_by_kind_day ON records(athlete_id, kind, day);
                    CREATE INDEX records_by_id ON records(id);
                    CREATE TABLE audit (
                        seq INTEGER PRIMARY KEY NOT NULL,
                        prev_hash BLOB NOT NULL,
                        actor_id TEXT NOT NULL,
                        action TEXT NOT NULL,
                        athlete_id TEXT,
                        target_id TEXT,
                        target_hash BLOB,
                        time TEXT NOT NULL,
                        entry_hash BLOB NOT NULL,
                        signature BLOB NOT NULL
                    ) STRICT;
                    """)
        }
        m.registerMigration("v2-snapshots") { db in
            // The first snapshot layout (one row per athlete); replaced by v3, kept so every
            // workspace walks the same migration path.
            try db.execute(
                sql: """
                    CREATE TABLE snapshots (
                        athlete_id TEXT PRIMARY KEY NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                        epoch INTEGER NOT NULL,
                        nonce BLOB NOT NULL,
                        ciphertext BLOB NOT NULL
                    ) STRICT;
                    """)
        }
        m.registerMigration("v3-snapshot-sections") { db in
            // An encrypted compact copy of each athlete's whole dataset, one section per record
            // kind, kept current by every record write in the same transaction
            // (see Workspace+Snapshot.swift). Snapshots are derived data: dropping the old ones
            // loses nothing, the next read rebuilds them from the records.
            try db.execute(
                sql: """
                    DROP TABLE snapshots;
                    CREATE TABLE snapshots (
                        athlete_id TEXT NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                        section TEXT NOT NULL,
                        epoch INTEGER NOT NULL,
                        nonce BLOB NOT NULL,
                        ciphertext BLOB NOT NULL,
                        PRIMARY KEY (athlete_id, section)
                    ) STRICT;
                    """)
        }
        m.registerMigration("v4-grant-labels") { db in
            // The athlete's handle as the grantee last saw it, sealed under the grantee's own key,
            // so a grant that no longer opens can still be reported by name.
            try db.execute(sql: "ALTER TABLE grants ADD COLUMN self_label BLOB")
        }
        m.registerMigration("v5-plugins") { db in
            // Metric plugins the owner added: executable path, pinned SHA-256, the handshake
            // (JSON) and the granted data kinds. No athlete data.
            try db.execute(
                sql: """
                    CREATE TABLE plugins (
                        id TEXT PRIMARY KEY,
                        path TEXT NOT NULL,
                        sha256 TEXT NOT NULL,
                        manifest TEXT NOT NULL,
                        granted TEXT NOT NULL,
                        added_by TEXT NOT NULL REFERENCES users(id),
                        added_at TEXT NOT NULL
                    ) STRICT;
                    """)
        }
        m.registerMigration("v6-chunked-snapshots") { db in
            // Snapshots become month chunks listed by the nine section rows, and each
            // athlete gets one carried-state row, so a view decrypts the state and a window of months
            // (Workspace+Snapshot.swift, Workspace+Carried.swift). Both are derived data: the old
            // sections are dropped and rebuilt from the records on the next read. Records move
            // to a WITHOUT ROWID table keyed by (athlete, id), which drops the rowid and the
            // separate primary-key index; the lookup by id alone had no user and goes. Rows
            // are copied as they are: their associated data binds no rowid.
            try db.execute(
                sql: """
                    DELETE FROM snapshots;
                    CREATE TABLE snapshot_chunks (
                        athlete_id TEXT NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                        section TEXT NOT NULL,
                        period INTEGER NOT NULL,
                        epoch INTEGER NOT NULL,
                        nonce BLOB NOT NULL,
                        ciphertext BLOB NOT NULL,
                        PRIMARY KEY (athlete_id, period, section)
                    ) STRICT, WITHOUT ROWID;
                    CREATE TABLE carried_states (
                        athlete_id TEXT PRIMARY KEY NOT NULL
                            REFERENCES athletes(id) ON DELETE CASCADE,
                        as_of INTEGER NOT NULL,
                        epoch INTEGER NOT NULL,
                        nonce BLOB NOT NULL,
                        ciphertext BLOB NOT NULL
                    ) STRICT, WITHOUT ROWID;
                    CREATE TABLE records_v5 (
                        athlete_id TEXT NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                        id TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        day TEXT NOT NULL,
                        fmt INTEGER NOT NULL,
                        epoch INTEGER NOT NULL,
                        version INTEGER NOT NULL,
                        nonce BLOB NOT NULL,
                        ciphertext BLOB NOT NULL,
                        PRIMARY KEY (athlete_id, id),
                        FOREIGN KEY (athlete_id, epoch) REFERENCES epochs(athlete_id, epoch)
                    ) STRICT, WITHOUT ROWID;
                    INSERT INTO records_v5 (athlete_id, id, kind, day, fmt, epoch, version, nonce,
                        ciphertext)
                    SELECT athlete_id, id, kind, day, fmt, epoch, version, nonce, ciphertext
                    FROM records;
                    DROP TABLE records;
                    ALTER TABLE records_v5 RENAME TO records;
                    CREATE INDEX records_by_kind_day ON records(athlete_id, kind, day);
                    """)
        }
        m.registerMigration(trustMigration) { db in
            // Signed membership (see Trust/): one certificate per user, signed by the owner (or,
            // for an athlete user's first version, the coach who made them), and each user's
            // own sealed state. A workspace that has users but no certificates was made by an
            // earlier version and is refused before this runs (Workspace.open).
            try db.execute(
                sql: """
                    CREATE TABLE certificates (
                        user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        status TEXT NOT NULL,
                        kdf_floor_ops INTEGER NOT NULL,
                        kdf_floor_mem INTEGER NOT NULL,
                        version INTEGER NOT NULL,
                        created_by TEXT NOT NULL,
                        signer_id TEXT NOT NULL,
                        signature BLOB NOT NULL
                    ) STRICT;
                    ALTER TABLE epochs ADD COLUMN signer_id TEXT;
                    ALTER TABLE epochs ADD COLUMN signature BLOB;
                    CREATE TABLE user_state (
                        user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        nonce BLOB NOT NULL,
                        ciphertext BLOB NOT NULL
                    ) STRICT;
                    """)
        }
        m.registerMigration(enrolmentMigration) { db in
            // One-time enrolment codes (Users/Workspace+Enrolment.swift): a certificate made at
            // enrolment keeps the pending certificate it replaced (keys, signer, signature), so
            // anyone can check that the one-time key signed it; a sign key retired by a
            // passphrase reset stays listed, owner-signed, for the audit entries made with it.
            try db.execute(
                sql: """
                    ALTER TABLE certificates ADD COLUMN prev_box_pk BLOB;
                    ALTER TABLE certificates ADD COLUMN prev_sign_pk BLOB;
                    ALTER TABLE certificates ADD COLUMN prev_signer_id TEXT;
                    ALTER TABLE certificates ADD COLUMN prev_signature BLOB;
                    CREATE TABLE retired_keys (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        sign_pk BLOB NOT NULL,
                        before_seq INTEGER NOT NULL,
                        signature BLOB NOT NULL,
                        PRIMARY KEY (user_id, sign_pk)
                    ) STRICT;
                    """)
        }
        m.registerMigration(compactRecordsMigration) { db in
            // Storage per record (docs/storage.md): chunks are now compressed before they
            // are sealed and move to a rowid table, whose leaf pages hold rows of up to 4 KB
            // inline (a WITHOUT ROWID table spills every row over about 1 KB to overflow pages
            // that are mostly empty). Chunks, section rows and carried states are derived
            // data: they are dropped and rebuilt from the records on the next read. The
            // (athlete, kind, day) index goes: views read the chunks, and the few reads by
            // kind (plan, log listings) filter one athlete's rows by their plaintext columns.
            // Record rows stay as they are (JSON payloads read as before; rows written from now
            // on seal the compact form, RecordPayload.swift).
            try db.execute(
                sql: """
                    DROP INDEX records_by_kind_day;
                    DELETE FROM snapshots;
                    DELETE FROM carried_states;
                    DROP TABLE snapshot_chunks;
                    CREATE TABLE snapshot_chunks (
                        athlete_id TEXT NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                        section TEXT NOT NULL,
                        period INTEGER NOT NULL,
                        epoch INTEGER NOT NULL,
                        nonce BLOB NOT NULL,
                        ciphertext BLOB NOT NULL,
                        PRIMARY KEY (athlete_id, period, section)
                    ) STRICT;
                    """)
        }
        m.registerMigration(recordsByRowidMigration) { db in
            // Records go back to a rowid table: the (athlete, id) key becomes an index beside
            // it. Ids are keyed hashes, so with the rows themselves keyed by id every batch of
            // new records landed all over the table's pages, and a device import rewrote most
            // of the file once per batch; rows now append, and only the small key index takes
            // the scattered inserts (docs/imports.md, Performance). Rows are copied as they are;
            // the (athlete, kind, day) index stays gone (v9).
            try db.execute(
                sql: """
                    CREATE TABLE records_v7 (
                        athlete_id TEXT NOT NULL REFERENCES athletes(id) ON DELETE CASCADE,
                        id TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        day TEXT NOT NULL,
                        fmt INTEGER NOT NULL,
                        epoch INTEGER NOT NULL,
                        version INTEGER NOT NULL,
                        nonce BLOB NOT NULL,
                        ciphertext BLOB NOT NULL,
                        PRIMARY KEY (athlete_id, id),
                        FOREIGN KEY (athlete_id, epoch) REFERENCES epochs(athlete_id, epoch)
                    ) STRICT;
                    INSERT INTO records_v7 (athlete_id, id, kind, day, fmt, epoch, version, nonce,
                        ciphertext)
                    SELECT athlete_id, id, kind, day, fmt, epoch, version, nonce, ciphertext
                    FROM records ORDER BY athlete_id, kind, day;
                    DROP TABLE records;
                    ALTER TABLE records_v7 RENAME TO records;
                    """)
        }
        m.registerMigration(signedPluginsMigration) { db in
            // The owner's signature over each plugin record (id, path, pinned hash, handshake,
            // granted kinds, who added it and when), so that a path and hash swapped together
            // in the file are refused. Rows from before stay unsigned (NULL) and are not run
            // until the owner adds them again.
            try db.execute(sql: "ALTER TABLE plugins ADD COLUMN signature BLOB")
        }
        m.registerMigration(compactRecordKeysMigration, migrate: compactRecordKeys)
        registerDeviceAndSyncMigrations(&m)
        return m
    }
}
