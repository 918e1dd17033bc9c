extension Migration {
    /// The inbox in its compact form: each item's signed fields in binary (the item id a
    /// uuid, the day a date, the device id, `enc`, ciphertext and signature as bytes) instead
    /// of the JSON posted, and no athlete column: an item's athlete is its device's (the
    /// server refuses an item for another), read through `checkin_devices`, and waiting items
    /// are found by device. A claim renders each item again as the contract's JSON, which the
    /// device's signature still covers field by field. Item ids (random UUIDs) are unique on
    /// the server, not per workspace, which keeps the primary key small. Waiting items are
    /// converted.
    static let inboxCompact = """
        ALTER TABLE inbox RENAME TO inbox_v10;
        ALTER INDEX inbox_pkey RENAME TO inbox_v10_pkey;
        CREATE TABLE inbox (
            item uuid NOT NULL,
            received_at bigint NOT NULL,
            sent_at bigint NOT NULL,
            lease_until bigint,
            epoch integer NOT NULL,
            day date NOT NULL,
            ws text NOT NULL REFERENCES workspaces (ws),
            device bytea NOT NULL,
            enc bytea NOT NULL,
            ciphertext bytea NOT NULL,
            signature bytea NOT NULL,
            lease_device text,
            PRIMARY KEY (item)
        );
        ALTER TABLE inbox ALTER COLUMN ciphertext SET STORAGE EXTERNAL;
        CREATE INDEX inbox_device ON inbox (device);
        CREATE FUNCTION pg_temp.b64url(s text) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
            SELECT decode(rpad(translate(s, '-_', '+/'), (length(s) + 3) / 4 * 4, '='),
                'base64') $$;
        INSERT INTO inbox (item, received_at, sent_at, lease_until, epoch, day, ws, device,
            enc, ciphertext, signature, lease_device)
        SELECT item::uuid, received_at, sent_at, lease_until, epoch, day::date, ws,
            decode(device_id, 'hex'), pg_temp.b64url(j ->> 'enc'),
            pg_temp.b64url(j ->> 'ciphertext'), pg_temp.b64url(j ->> 'signature'), lease_device
        FROM (SELECT *, convert_from(body, 'UTF8')::jsonb AS j FROM inbox_v10) AS old;
        DROP TABLE inbox_v10;
        """
}
