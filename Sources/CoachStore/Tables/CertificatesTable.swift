/// The SQL of the `certificates` table: one signed certificate per user.
///
/// Every statement that mainly reads or writes `certificates` is here, including the join
/// with `users` that `UserCertificate.fetch` reads; callers run them with their own arguments
/// inside their own transactions. The columns are in `Schema.swift`.
enum CertificatesTable {
    /// Adds or replaces a user's certificate.
    static let insert = """
        INSERT OR REPLACE INTO certificates
            (user_id, status, kdf_floor_ops, kdf_floor_mem, version, created_by, signer_id,
             signature, prev_box_pk, prev_sign_pk, prev_signer_id, prev_signature)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The user with the id and their certificate (joins `users`; `UserCertificate.fetch`).
    static let withUserOfId = """
        SELECT u.id, u.handle, u.role, u.athlete_id, u.box_pk, u.sign_pk, c.status,
               c.kdf_floor_ops, c.kdf_floor_mem, c.version, c.created_by,
               c.signer_id, c.signature, c.prev_box_pk, c.prev_sign_pk,
               c.prev_signer_id, c.prev_signature
        FROM users u JOIN certificates c ON c.user_id = u.id WHERE u.id = ?
        """

    /// The status of the user's certificate.
    static let statusOfUser = "SELECT status FROM certificates WHERE user_id = ?"

    /// Every certificate's user and version.
    static let versions = "SELECT user_id, version FROM certificates"
}
