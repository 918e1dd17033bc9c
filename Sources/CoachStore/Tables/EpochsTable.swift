/// The SQL of the `epochs` table: an athlete's key epochs, with their commitments.
///
/// Every statement that mainly reads or writes `epochs` is here; callers run them with their
/// own arguments inside their own transactions. Joins of `grants` with `epochs` are in
/// `GrantsTable`. The columns are in `Schema.swift`.
enum EpochsTable {
    /// Adds an athlete's first epoch.
    static let insertFirst = """
        INSERT INTO epochs (athlete_id, epoch, commitment) VALUES (?, 1, ?)
        """

    /// Adds an epoch, with the previous epoch's key wrapped under it.
    static let insert = """
        INSERT INTO epochs (athlete_id, epoch, commitment, prev_nonce, prev_wrapped)
        VALUES (?, ?, ?, ?, ?)
        """

    /// The athlete's current epoch.
    static let currentOfAthlete = "SELECT MAX(epoch) FROM epochs WHERE athlete_id = ?"

    /// Every epoch's athlete, number and commitment.
    static let commitments = "SELECT athlete_id, epoch, commitment FROM epochs"

    /// An epoch's wrapped previous key, with another epoch's commitment (joins `epochs`).
    static let wrappedWithCommitment = """
        SELECT n.prev_nonce, n.prev_wrapped, o.commitment FROM epochs n
        JOIN epochs o ON o.athlete_id = n.athlete_id AND o.epoch = ?
        WHERE n.athlete_id = ? AND n.epoch = ?
        """

    /// The athlete's epochs with their signers and signatures, by epoch.
    static let signedOfAthlete = """
        SELECT epoch, commitment, prev_nonce, prev_wrapped, signer_id, signature
        FROM epochs WHERE athlete_id = ? ORDER BY epoch
        """

    /// Sets the signer and signature of the athlete's epoch.
    static let setSignature = """
        UPDATE epochs SET signer_id = ?, signature = ? WHERE athlete_id = ? AND epoch = ?
        """

    /// Two of the athlete's epochs, with their wrapped previous keys, by epoch.
    static let pairOfAthlete = """
        SELECT epoch, commitment, prev_nonce, prev_wrapped FROM epochs
        WHERE athlete_id = ? AND epoch IN (?, ?) ORDER BY epoch
        """
}
