/// The SQL of the sync tables (migration `v15-sync`): the replica's registration and clock,
/// where each stream and each device's changes stand, the outbox of signed changes waiting for
/// a push, the change behind each record, and the conflicts sync resolved.
///
/// Every statement on these tables is here; callers run them with their own arguments inside
/// their own transactions. A workspace without a `sync_state` row never syncs, and its writes
/// leave every other sync table empty.
enum SyncTables {
    /// The tables, in the order the migration creates them.
    static let create = """
        CREATE TABLE sync_state (
            id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
            server_url TEXT NOT NULL,
            registration BLOB NOT NULL,
            clock INTEGER NOT NULL,
            last_sync INTEGER
        ) STRICT;
        CREATE TABLE sync_streams (
            stream TEXT PRIMARY KEY NOT NULL,
            sseq INTEGER NOT NULL,
            head BLOB NOT NULL
        ) STRICT;
        CREATE TABLE sync_chains (
            stream TEXT NOT NULL,
            device_id TEXT NOT NULL,
            sequence INTEGER NOT NULL,
            hash BLOB NOT NULL,
            PRIMARY KEY (stream, device_id)
        ) STRICT;
        CREATE TABLE sync_tips (
            device_id TEXT PRIMARY KEY NOT NULL,
            sequence INTEGER NOT NULL,
            hash BLOB NOT NULL,
            acked_sequence INTEGER NOT NULL,
            acked_hash BLOB NOT NULL,
            batch_seq INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE sync_skew (
            device_id TEXT PRIMARY KEY NOT NULL,
            clock INTEGER NOT NULL,
            seen_at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE outbox (
            num INTEGER PRIMARY KEY NOT NULL,
            device_id TEXT NOT NULL,
            sequence INTEGER NOT NULL,
            athlete_id TEXT NOT NULL,
            object TEXT NOT NULL,
            envelope BLOB NOT NULL,
            base BLOB,
            UNIQUE (device_id, sequence)
        ) STRICT;
        CREATE TABLE record_changes (
            athlete_id TEXT NOT NULL,
            object TEXT NOT NULL,
            version INTEGER NOT NULL,
            deleted INTEGER NOT NULL,
            envelope BLOB NOT NULL,
            PRIMARY KEY (athlete_id, object)
        ) STRICT;
        CREATE TABLE sync_conflicts (
            num INTEGER PRIMARY KEY NOT NULL,
            athlete_id TEXT NOT NULL,
            object TEXT NOT NULL,
            kind TEXT NOT NULL,
            day TEXT NOT NULL,
            winner BLOB NOT NULL,
            loser BLOB NOT NULL,
            found_at INTEGER NOT NULL
        ) STRICT
        """

    /// Whether the workspace syncs (one row when it does).
    static let isSynced = "SELECT 1 FROM sync_state WHERE id = 1"

    /// Registers the workspace with a server: its address, the registration, the clock.
    static let insertState = """
        INSERT INTO sync_state (id, server_url, registration, clock, last_sync)
        VALUES (1, ?, ?, 0, NULL)
        """

    /// The replica's state: server address, registration, clock, last sync.
    static let state = "SELECT * FROM sync_state WHERE id = 1"

    /// The replica's hybrid clock.
    static let clock = "SELECT clock FROM sync_state WHERE id = 1"

    /// Moves the replica's hybrid clock.
    static let setClock = "UPDATE sync_state SET clock = ? WHERE id = 1"

    /// Notes the end of a completed sync.
    static let setLastSync = "UPDATE sync_state SET last_sync = ? WHERE id = 1"

    /// Where this replica's own device stands: local tip, acknowledged position, next batch.
    static let tip = "SELECT * FROM sync_tips WHERE device_id = ?"

    /// Adds or replaces an own device's position.
    static let upsertTip = """
        INSERT OR REPLACE INTO sync_tips
            (device_id, sequence, hash, acked_sequence, acked_hash, batch_seq)
        VALUES (?, ?, ?, ?, ?, ?)
        """

    /// Appends a signed change to the outbox, with the change it replaced (its base, for a
    /// field-by-field merge) when this replica holds one.
    static let insertOutbox = """
        INSERT INTO outbox (device_id, sequence, athlete_id, object, envelope, base)
        VALUES (?, ?, ?, ?, ?, ?)
        """

    /// The device's queued changes, in the order they were signed.
    static let outboxOfDevice = "SELECT * FROM outbox WHERE device_id = ? ORDER BY sequence"

    /// Every queued change, in the order they were made.
    static let outboxAll = "SELECT * FROM outbox ORDER BY num"

    /// The queued changes to one object, in the order they were signed.
    static let outboxOfObject = """
        SELECT * FROM outbox WHERE athlete_id = ? AND object = ? ORDER BY num
        """

    /// How many changes are queued.
    static let outboxCount = "SELECT COUNT(*) FROM outbox"

    /// The change behind a record (or its tombstone).
    static let recordChange = """
        SELECT * FROM record_changes WHERE athlete_id = ? AND object = ?
        """

    /// The version of an object's last change (a tombstone's too).
    static let recordChangeVersion = """
        SELECT version FROM record_changes WHERE athlete_id = ? AND object = ?
        """

    /// Adds or replaces the change behind a record.
    static let upsertRecordChange = """
        INSERT OR REPLACE INTO record_changes (athlete_id, object, version, deleted, envelope)
        VALUES (?, ?, ?, ?, ?)
        """

    /// The rotations' stream positions (migration `v16-stream-marks`).
    static let createMarks = """
        CREATE TABLE sync_marks (
            athlete_id TEXT NOT NULL,
            epoch INTEGER NOT NULL,
            sseq INTEGER NOT NULL,
            head BLOB NOT NULL,
            PRIMARY KEY (athlete_id, epoch)
        ) STRICT;
        """

    /// Adds or replaces the stream position of an athlete's epoch.
    static let upsertMark = """
        INSERT OR REPLACE INTO sync_marks (athlete_id, epoch, sseq, head) VALUES (?, ?, ?, ?)
        """

    /// The newest epoch of an athlete a change at a stream sequence must be sealed under (or
    /// later): of the epochs begun before that sequence, the highest. An epoch after the first
    /// without a position counts as begun at 0.
    static let epochInForce = """
        SELECT MAX(e.epoch) FROM epochs e
        LEFT JOIN sync_marks m ON m.athlete_id = e.athlete_id AND m.epoch = e.epoch
        WHERE e.athlete_id = ? AND (e.epoch = 1 OR COALESCE(m.sseq, 0) < ?)
        """

    /// The head an athlete's stream must have at a sequence where one of its epochs began.
    static let markAt = "SELECT epoch, head FROM sync_marks WHERE athlete_id = ? AND sseq = ?"

    /// Where a stream stands: its last sequence number and hash-chain head.
    static let stream = "SELECT sseq, head FROM sync_streams WHERE stream = ?"

    /// Every stream's cursor.
    static let streams = "SELECT stream, sseq, head FROM sync_streams ORDER BY stream"

    /// Adds or replaces a stream's cursor.
    static let upsertStream = """
        INSERT OR REPLACE INTO sync_streams (stream, sseq, head) VALUES (?, ?, ?)
        """

    /// Where a device's changes in a stream stand.
    static let chain = "SELECT sequence, hash FROM sync_chains WHERE stream = ? AND device_id = ?"

    /// Adds or replaces where a device's changes in a stream stand.
    static let upsertChain = """
        INSERT OR REPLACE INTO sync_chains (stream, device_id, sequence, hash) VALUES (?, ?, ?, ?)
        """

    /// Notes a device whose clock was further ahead than the cap.
    static let upsertSkew = """
        INSERT OR REPLACE INTO sync_skew (device_id, clock, seen_at) VALUES (?, ?, ?)
        """

    /// The devices whose clocks were seen too far ahead.
    static let skewed = "SELECT * FROM sync_skew ORDER BY device_id"

    /// Adds the device that resolved each conflict (NULL for those kept before).
    static let addConflictResolver = "ALTER TABLE sync_conflicts ADD COLUMN resolver_device TEXT"

    /// Keeps a conflict's losing change beside the winner, and the device that resolved it.
    static let insertConflict = """
        INSERT INTO sync_conflicts (athlete_id, object, kind, day, winner, loser, found_at,
            resolver_device)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Every conflict, oldest first.
    static let conflicts = "SELECT * FROM sync_conflicts ORDER BY num"

    /// Takes one object's queued changes of a device out of the outbox (to seal them again).
    static let deleteOutboxOfObject = """
        DELETE FROM outbox WHERE device_id = ? AND athlete_id = ? AND object = ?
        """

    /// Sets the merge base of one object's queued change of a device.
    static let setOutboxBase = """
        UPDATE outbox SET base = ? WHERE device_id = ? AND athlete_id = ? AND object = ?
        """
}
