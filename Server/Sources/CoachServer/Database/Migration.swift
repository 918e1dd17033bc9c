import CoachCrypto

/// One numbered schema migration, embedded in the binary: its SQL and the checksum recorded
/// when it is applied.
public struct Migration: Sendable, Equatable {
    public let version: Int
    public let name: String
    public let sql: String

    /// SHA-256 of the SQL text: an applied migration whose text changed is refused.
    public var checksum: [UInt8] { Hashing.sha256(Array(sql.utf8)) }

    /// Every migration, in increasing order, numbered from 1 without a gap.
    public static let all: [Migration] = [
        Migration(version: 1, name: "streams", sql: streams),
        Migration(version: 2, name: "sessions", sql: sessions),
        Migration(version: 3, name: "lean-changes", sql: leanChanges),
        Migration(version: 4, name: "invitations", sql: invitations),
        Migration(version: 5, name: "stream-keys", sql: streamKeys),
        Migration(version: 6, name: "invitation-binding", sql: invitationBinding),
        Migration(version: 7, name: "change-runs", sql: changeRuns),
        Migration(version: 8, name: "object-buckets", sql: objectBuckets),
        Migration(version: 9, name: "merkle-log", sql: merkleLog),
        Migration(version: 10, name: "checkin-inbox", sql: checkinInbox),
        Migration(version: 11, name: "inbox-compact", sql: inboxCompact),
        Migration(version: 12, name: "seen-order", sql: seenOrder),
    ]

    /// The newest version this build knows.
    public static var latest: Int { all.last?.version ?? 0 }

    /// Workspaces, the roster, devices, athlete streams, their changes and objects.
    static let streams = """
        CREATE TABLE workspaces (
            ws text PRIMARY KEY,
            owner_user_id text NOT NULL,
            owner_sign_pk bytea NOT NULL,
            registration bytea NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE roster_heads (
            ws text PRIMARY KEY REFERENCES workspaces (ws),
            count bigint NOT NULL,
            head bytea NOT NULL
        );
        CREATE TABLE roster (
            ws text NOT NULL REFERENCES workspaces (ws),
            rseq bigint NOT NULL,
            kind text NOT NULL,
            entry bytea NOT NULL,
            head bytea NOT NULL,
            PRIMARY KEY (ws, rseq)
        );
        CREATE TABLE devices (
            ws text NOT NULL REFERENCES workspaces (ws),
            device_id text NOT NULL,
            user_id text NOT NULL,
            dev_seq bigint NOT NULL DEFAULT 0,
            dev_head bytea NOT NULL,
            PRIMARY KEY (ws, device_id)
        );
        CREATE TABLE streams (
            ws text NOT NULL REFERENCES workspaces (ws),
            athlete_id text NOT NULL,
            sseq bigint NOT NULL DEFAULT 0,
            head bytea NOT NULL,
            PRIMARY KEY (ws, athlete_id)
        );
        CREATE TABLE changes (
            ws text NOT NULL,
            athlete_id text NOT NULL,
            sseq bigint NOT NULL,
            object text NOT NULL,
            version bigint NOT NULL,
            device_id text NOT NULL,
            dev_seq bigint NOT NULL,
            head bytea NOT NULL,
            envelope bytea NOT NULL,
            received_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (ws, athlete_id, sseq),
            FOREIGN KEY (ws, athlete_id) REFERENCES streams (ws, athlete_id)
        );
        CREATE TABLE objects (
            ws text NOT NULL,
            athlete_id text NOT NULL,
            object text NOT NULL,
            version bigint NOT NULL,
            PRIMARY KEY (ws, athlete_id, object)
        );
        """

    /// Sign-in challenges, session token hashes and the answers of pushed batches.
    static let sessions = """
        CREATE TABLE challenges (
            nonce bytea PRIMARY KEY,
            ws text NOT NULL,
            device_id text NOT NULL,
            server_time bigint NOT NULL
        );
        CREATE TABLE sessions (
            token_hash bytea PRIMARY KEY,
            ws text NOT NULL,
            device_id text NOT NULL,
            expires_at bigint NOT NULL
        );
        CREATE INDEX sessions_expiry ON sessions (expires_at);
        CREATE TABLE batches (
            ws text NOT NULL,
            device_id text NOT NULL,
            batch_seq bigint NOT NULL,
            digest bytea NOT NULL,
            answer bytea NOT NULL,
            PRIMARY KEY (ws, device_id, batch_seq)
        );
        """

    /// A stored change keeps only what a pull reads and what the stream needs: the envelope
    /// already holds its object, version, device and device sequence.
    static let leanChanges = """
        ALTER TABLE changes DROP COLUMN object, DROP COLUMN version, DROP COLUMN device_id,
            DROP COLUMN dev_seq;
        """

    /// One-time join invitations: per user, the verifier of the code (never the code), when
    /// it expires, and how many wrong codes it still takes.
    static let invitations = """
        CREATE TABLE invitations (
            ws text NOT NULL REFERENCES workspaces (ws),
            user_id text NOT NULL,
            verifier bytea NOT NULL,
            expires_at bigint NOT NULL,
            attempts_left integer NOT NULL,
            PRIMARY KEY (ws, user_id)
        );
        """

    /// Changes and objects keyed by an integer stream id instead of the workspace and athlete
    /// texts, which repeated in every row and index entry; an object by its id's bytes
    /// (`StoredObjectID`: a UUID's 16); a change no longer keeps the arrival time nothing
    /// read. Existing rows move over.
    static let streamKeys = """
        ALTER TABLE streams ADD COLUMN sid bigint GENERATED ALWAYS AS IDENTITY UNIQUE;
        ALTER TABLE changes RENAME TO changes_v3;
        ALTER INDEX changes_pkey RENAME TO changes_v3_pkey;
        CREATE TABLE changes (
            sid bigint NOT NULL REFERENCES streams (sid),
            sseq bigint NOT NULL,
            head bytea NOT NULL,
            envelope bytea NOT NULL,
            PRIMARY KEY (sid, sseq)
        );
        INSERT INTO changes (sid, sseq, head, envelope)
        SELECT s.sid, c.sseq, c.head, c.envelope FROM changes_v3 c
        JOIN streams s ON s.ws = c.ws AND s.athlete_id = c.athlete_id;
        DROP TABLE changes_v3;
        ALTER TABLE objects RENAME TO objects_v3;
        ALTER INDEX objects_pkey RENAME TO objects_v3_pkey;
        CREATE TABLE objects (
            sid bigint NOT NULL,
            version bigint NOT NULL,
            object bytea NOT NULL,
            PRIMARY KEY (sid, object)
        );
        INSERT INTO objects (sid, version, object)
        SELECT s.sid, o.version, CASE
            WHEN o.object ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                THEN decode(replace(o.object, '-', ''), 'hex')
            WHEN octet_length(o.object) = 16 THEN convert_to(o.object, 'UTF8') || '\\xff'::bytea
            ELSE convert_to(o.object, 'UTF8') END
        FROM objects_v3 o JOIN streams s ON s.ws = o.ws AND s.athlete_id = o.athlete_id;
        DROP TABLE objects_v3;
        """

    /// An invitation keeps the code's owner binding, handed to the joining machine, which
    /// checks the registration with it. Invitations made before it have no binding and no
    /// join could use them, so they are dropped (the inviting user makes a new one).
    static let invitationBinding = """
        DELETE FROM invitations;
        ALTER TABLE invitations ADD COLUMN binding bytea NOT NULL;
        """

    /// Changes stored one row per pushed batch and stream (`ChangeRun`), lz4-compressed and
    /// kept in the row (storage MAIN: a run of 15 compresses to about 3.3 KB, which the
    /// default would move to TOAST chunks with their own rows and index), with the stream
    /// head before the run instead of one head per change; a device keeps only its last
    /// batch, with where its changes went (`BatchPlacement`) instead of its answer. Existing
    /// changes move over in runs of up to 16 consecutive ones,
    /// stored as pushed (no previous hash elided), each run's head the one stored before it.
    static let changeRuns = """
        CREATE TABLE runs (
            sid bigint NOT NULL REFERENCES streams (sid),
            sseq bigint NOT NULL,
            n integer NOT NULL,
            head bytea NOT NULL,
            body bytea COMPRESSION lz4 NOT NULL,
            PRIMARY KEY (sid, sseq)
        );
        ALTER TABLE runs ALTER COLUMN body SET STORAGE MAIN;
        INSERT INTO runs (sid, sseq, n, head, body)
        SELECT sid, max(sseq), count(*), (array_agg(before ORDER BY sseq))[1],
            string_agg(int4send(length(envelope)) || envelope, ''::bytea ORDER BY sseq)
        FROM (SELECT sid, sseq, envelope,
            coalesce(lag(head) OVER (PARTITION BY sid ORDER BY sseq),
                decode(repeat('00', 32), 'hex')) AS before
            FROM changes) c
        GROUP BY sid, (sseq - 1) / 16;
        DROP TABLE changes;
        DELETE FROM batches b WHERE batch_seq < (SELECT max(batch_seq) FROM batches l
            WHERE l.ws = b.ws AND l.device_id = b.device_id);
        ALTER TABLE batches DROP CONSTRAINT batches_pkey, ADD PRIMARY KEY (ws, device_id);
        ALTER TABLE batches ADD COLUMN placed bytea;
        UPDATE batches b SET placed = coalesce((
            SELECT string_agg(int8send(s.sid) || int8send(x.first) || int8send(x.last), ''::bytea
                ORDER BY s.sid)
            FROM (SELECT r ->> 'stream' AS athlete, min((r ->> 'sseq')::bigint) AS first,
                max((r ->> 'sseq')::bigint) AS last
                FROM jsonb_array_elements(convert_from(b.answer, 'UTF8')::jsonb -> 'results') r
                GROUP BY 1) x
            JOIN streams s ON s.ws = b.ws AND s.athlete_id = x.athlete), ''::bytea);
        ALTER TABLE batches DROP COLUMN answer, ALTER COLUMN placed SET NOT NULL;
        """

    /// Objects' versions kept in buckets of a stream's key range (`ObjectBucket`) instead of a
    /// row and index entry per object. Existing objects move over in buckets of up to 20, by
    /// key order, each stream's first bucket from the empty key; `varint` below writes a
    /// number as the buckets store it (LEB128 of its 64 bits).
    static let objectBuckets = """
        CREATE TABLE object_buckets (
            sid bigint NOT NULL REFERENCES streams (sid),
            low bytea NOT NULL,
            entries bytea NOT NULL,
            PRIMARY KEY (sid, low)
        );
        INSERT INTO object_buckets (sid, low, entries)
        SELECT sid, CASE WHEN min(i) = 1 THEN ''::bytea
                ELSE (array_agg(object ORDER BY object))[1] END,
            string_agg(entry, ''::bytea ORDER BY object)
        FROM (SELECT o.sid, o.object,
                row_number() OVER (PARTITION BY o.sid ORDER BY o.object) AS i,
                \(varint("octet_length(o.object)::bigint")) || o.object || \(varint("o.version")) AS entry
            FROM objects o) e
        GROUP BY sid, (i - 1) / 20;
        DROP TABLE objects;
        """

    /// SQL for the LEB128 varint of the bigint `x`: seven bits a byte, low bits first, the top
    /// bit on every byte but the last; a negative number takes ten bytes (its 64 bits).
    static func varint(_ x: String) -> String {
        """
        (SELECT string_agg(set_byte('\\x00'::bytea, 0, ((((\(x)) >> (7 * g))
                & (CASE WHEN g = 9 THEN 1 ELSE 127 END))
                | (CASE WHEN g < n - 1 THEN 128 ELSE 0 END))::int), ''::bytea ORDER BY g)
            FROM (SELECT CASE WHEN (\(x)) < 0 THEN 10 ELSE greatest(1, (SELECT count(*)::int
                FROM generate_series(0, 9) j WHERE ((\(x)) >> (7 * j)) > 0)) END AS n) c,
                generate_series(0, c.n - 1) g)
        """
    }
}
