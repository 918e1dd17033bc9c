extension Schema {
    /// Every column of every table; all of them are readable by anyone with the file.
    /// (GRDB's own `grdb_migrations` table holds only migration names.)
    static let plaintextColumns: [String: [String]] = [
        "meta": ["key", "value"],
        "users": [
            "id", "handle", "role", "athlete_id", "disabled", "box_pk", "sign_pk", "kdf_alg",
            "kdf_ops",
            "kdf_mem", "kdf_salt", "key_nonce", "key_ciphertext", "index_key_sealed",
        ],
        "sessions": ["id", "user_id", "expires_at", "nonce", "ciphertext"],
        "athletes": ["num", "id", "handle_tag"],
        "epochs": [
            "athlete_id", "epoch", "commitment", "prev_nonce", "prev_wrapped", "signer_id",
            "signature",
        ],
        "grants": [
            "athlete_id", "epoch", "user_id", "sealed", "granted_by", "signature", "self_nonce",
            "self_sealed",
            "self_label",
        ],
        "records": [
            "athlete_num", "id", "kind", "day", "fmt", "epoch", "version", "nonce", "ciphertext",
        ],
        "snapshots": ["athlete_id", "section", "epoch", "nonce", "ciphertext"],
        "plugins": [
            "id", "path", "sha256", "manifest", "granted", "added_by", "added_at", "signature",
        ],
        "snapshot_chunks": ["athlete_id", "section", "period", "epoch", "nonce", "ciphertext"],
        "carried_states": ["athlete_id", "as_of", "epoch", "nonce", "ciphertext"],
        "certificates": [
            "user_id", "status", "kdf_floor_ops", "kdf_floor_mem", "version", "created_by",
            "signer_id", "signature", "prev_box_pk", "prev_sign_pk", "prev_signer_id",
            "prev_signature",
        ],
        "devices": [
            "id", "user_id", "sign_pk", "created_at", "name", "signature", "revoked_by",
            "revoked_at", "revocation",
        ],
        "checkin_devices": [
            "id", "athlete_id", "approver_id", "sign_pk", "name", "created_at", "signature",
            "revoked_by", "revoked_at", "revocation",
        ],
        "inbox_keys": ["athlete_id", "epoch", "public_key", "signature"],
        "checkin_ledger": ["item", "athlete_id", "device_id", "record_id", "ingested_at"],
        "record_heads": ["athlete_id", "epoch", "count", "digest", "signer_id", "signature"],
        "sync_state": ["id", "server_url", "registration", "clock", "last_sync"],
        "sync_streams": ["stream", "sseq", "head"],
        "sync_chains": ["stream", "device_id", "sequence", "hash"],
        "sync_tips": [
            "device_id", "sequence", "hash", "acked_sequence", "acked_hash", "batch_seq",
        ],
        "sync_skew": ["device_id", "clock", "seen_at"],
        "sync_marks": ["athlete_id", "epoch", "sseq", "head"],
        "sync_log": [
            "id", "key_certificate", "head", "reset_counter", "restore_pending", "reset_time",
            "checkpoint", "reset_statement",
        ],
        "sync_evidence": ["num", "kind", "found_at", "json"],
        "sync_seen": ["device_id", "sequence", "size", "time"],
        "sync_redactions": ["athlete_id", "epoch"],
        "sync_withheld": [
            "athlete_id", "sseq", "object", "epoch", "device_id", "sequence", "envelope",
        ],
        "outbox": ["num", "device_id", "sequence", "athlete_id", "object", "envelope", "base"],
        "record_changes": ["athlete_id", "object", "version", "deleted", "envelope"],
        "sync_conflicts": [
            "num", "athlete_id", "object", "kind", "day", "winner", "loser", "found_at",
            "resolver_device",
        ],
        "retired_keys": ["user_id", "sign_pk", "before_seq", "signature"],
        "user_state": ["user_id", "nonce", "ciphertext"],
        "audit": [
            "seq", "prev_hash", "actor_id", "action", "athlete_id", "target_id", "target_hash",
            "time",
            "entry_hash", "signature",
        ],
    ]
}
