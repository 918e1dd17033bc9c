extension Migration {
    /// The morning check-in (issue 28): pairings waiting for a phone's one request, the
    /// roster's check-in devices (a cache of the roster, as `devices` is, with each device's
    /// posting window for the daily rate), and the inbox of sealed items, each stored as the
    /// exact bytes posted and leased to one full device at a time while it is drained.
    static let checkinInbox = """
        CREATE TABLE pairings (
            ws text NOT NULL REFERENCES workspaces (ws),
            proof bytea NOT NULL,
            athlete_id text NOT NULL,
            created_by text NOT NULL,
            expires_at bigint NOT NULL,
            device_id text,
            request bytea,
            PRIMARY KEY (ws, proof)
        );
        CREATE INDEX pairings_expiry ON pairings (expires_at);
        CREATE TABLE checkin_devices (
            ws text NOT NULL REFERENCES workspaces (ws),
            device_id text NOT NULL,
            athlete_id text NOT NULL,
            approver text NOT NULL,
            sign_pk bytea NOT NULL,
            revoked boolean NOT NULL DEFAULT false,
            window_start bigint NOT NULL DEFAULT 0,
            window_posts integer NOT NULL DEFAULT 0,
            PRIMARY KEY (ws, device_id)
        );
        CREATE TABLE inbox (
            ws text NOT NULL REFERENCES workspaces (ws),
            item text NOT NULL,
            athlete_id text NOT NULL,
            device_id text NOT NULL,
            epoch integer NOT NULL,
            day text NOT NULL,
            sent_at bigint NOT NULL,
            received_at bigint NOT NULL,
            body bytea NOT NULL,
            lease_device text,
            lease_until bigint,
            PRIMARY KEY (ws, item)
        );
        CREATE INDEX inbox_athlete ON inbox (ws, athlete_id, received_at);
        """
}
