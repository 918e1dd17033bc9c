extension Migration {
    /// The workspaces' Merkle logs (issue 27). A push leaves one `log_pending` row per run it
    /// stores (stream key, last sequence, count, the stream head after it and the run's leaf
    /// hashes); the roster's entries the same with stream key 0. The sequencer numbers them
    /// (`log_runs`: a run's first leaf index), keeps each stream's logged end (`log_streams`),
    /// the right edge (`log_state`), the perfect subtrees of levels 0, 8, 16, … in tiles of 256
    /// hashes (`log_tiles`) and each signed head (`tree_heads`). Existing runs and roster
    /// entries wait in `log_pending` without hashes, which the first round computes.
    static let merkleLog = """
        CREATE TABLE log_state (
            ws text PRIMARY KEY REFERENCES workspaces (ws),
            size bigint NOT NULL,
            root bytea NOT NULL,
            frontier bytea NOT NULL
        );
        CREATE TABLE log_pending (
            ws text NOT NULL REFERENCES workspaces (ws),
            sid bigint NOT NULL,
            seq bigint NOT NULL,
            n integer NOT NULL,
            head bytea,
            leaves bytea,
            PRIMARY KEY (ws, sid, seq)
        );
        CREATE TABLE log_runs (
            ws text NOT NULL REFERENCES workspaces (ws),
            gseq bigint NOT NULL,
            sid bigint NOT NULL,
            seq bigint NOT NULL,
            n integer NOT NULL,
            PRIMARY KEY (ws, gseq),
            UNIQUE (ws, sid, seq)
        );
        CREATE TABLE log_streams (
            ws text NOT NULL REFERENCES workspaces (ws),
            sid bigint NOT NULL,
            seq bigint NOT NULL,
            head bytea NOT NULL,
            PRIMARY KEY (ws, sid)
        );
        CREATE TABLE log_tiles (
            ws text NOT NULL REFERENCES workspaces (ws),
            level smallint NOT NULL,
            idx bigint NOT NULL,
            hashes bytea NOT NULL,
            PRIMARY KEY (ws, level, idx)
        );
        CREATE TABLE tree_heads (
            ws text NOT NULL REFERENCES workspaces (ws),
            size bigint NOT NULL,
            root bytea NOT NULL,
            time bigint NOT NULL,
            key_id bytea NOT NULL,
            signature bytea NOT NULL,
            PRIMARY KEY (ws, size)
        );
        INSERT INTO log_pending (ws, sid, seq, n)
        SELECT s.ws, r.sid, r.sseq, r.n FROM runs r JOIN streams s ON s.sid = r.sid;
        INSERT INTO log_pending (ws, sid, seq, n) SELECT ws, 0, rseq, 1 FROM roster;
        """
}
