/// The SQL of the `grants` table: an athlete's key at an epoch, sealed to a user.
///
/// Every statement that mainly reads or writes `grants` is here, joins included (each says
/// what it joins); callers run them with their own arguments inside their own transactions.
/// The columns are in `Schema.swift`.
enum GrantsTable {
    /// The athletes the user holds a grant of, at any epoch.
    static let athleteIdsOfUser = "SELECT DISTINCT athlete_id FROM grants WHERE user_id = ?"

    /// Adds or replaces the grant of an athlete's key at an epoch to a user.
    static let insert = """
        INSERT OR REPLACE INTO grants (athlete_id, epoch, user_id, sealed, granted_by, signature)
        VALUES (?, ?, ?, ?, ?, ?)
        """

    /// Sets the signer and signature of one grant.
    static let setSigner = """
        UPDATE grants SET granted_by = ?, signature = ?
        WHERE athlete_id = ? AND epoch = ? AND user_id = ?
        """

    /// Removes every grant to the user.
    static let deleteOfUser = "DELETE FROM grants WHERE user_id = ?"

    /// Removes the athlete's grants before the epoch and those to the user.
    static let deleteBeforeEpochOrOfUser = """
        DELETE FROM grants WHERE athlete_id = ? AND (epoch < ? OR user_id = ?)
        """

    /// How many grants the user holds.
    static let countOfUser = "SELECT COUNT(*) FROM grants WHERE user_id = ?"

    /// The athletes whose current epoch the user holds, by id (reads `epochs`).
    static let currentAthleteIdsOfUser = """
        SELECT g.athlete_id FROM grants g WHERE g.user_id = ?
        AND g.epoch = (SELECT MAX(epoch) FROM epochs e WHERE e.athlete_id = g.athlete_id)
        ORDER BY g.athlete_id
        """

    /// The newest self label of the user's grants of the athlete.
    static let selfLabelOfUser = """
        SELECT self_label FROM grants WHERE athlete_id = ? AND user_id = ? AND self_label IS NOT NULL
        ORDER BY epoch DESC LIMIT 1
        """

    /// The user's grant at the athlete's current epoch, with its commitment (joins `epochs`).
    static let currentOfUser = """
        SELECT g.epoch, g.sealed, g.signature, g.self_nonce, g.self_sealed, e.commitment,
               g.granted_by
        FROM grants g JOIN epochs e ON e.athlete_id = g.athlete_id AND e.epoch = g.epoch
        WHERE g.athlete_id = ? AND g.user_id = ?
          AND g.epoch = (SELECT MAX(epoch) FROM epochs WHERE athlete_id = ?)
        """

    /// Every athlete the user sealed a label of, with the newest such label.
    static let selfLabelsOfUser = """
        SELECT athlete_id, self_label FROM grants WHERE user_id = ? AND self_label IS NOT NULL
        GROUP BY athlete_id HAVING epoch = MAX(epoch)
        """

    /// Sets the self label of the user's grants of the athlete.
    static let setSelfLabel = """
        UPDATE grants SET self_label = ? WHERE athlete_id = ? AND user_id = ?
        """

    /// Sets the self-sealed key of the user's grant at the epoch.
    static let setSelfSealed = """
        UPDATE grants SET self_nonce = ?, self_sealed = ? WHERE athlete_id = ? AND epoch = ? AND user_id = ?
        """

    /// The epochs at which the athlete has grants.
    static let epochsOfAthlete = "SELECT DISTINCT epoch FROM grants WHERE athlete_id = ?"

    /// The athlete's grants at the epoch, with their signers and signatures.
    static let signedAtEpoch = """
        SELECT user_id, granted_by, sealed, signature FROM grants
        WHERE athlete_id = ? AND epoch = ?
        """

    /// Every grant to the user, with its epoch's commitment (joins `epochs`).
    static let ofUserWithCommitments = """
        SELECT g.athlete_id, g.epoch, g.sealed, e.commitment FROM grants g
        JOIN epochs e ON e.athlete_id = g.athlete_id AND e.epoch = g.epoch
        WHERE g.user_id = ?
        """

    /// Replaces the self-sealed key of the user's grant at the epoch and clears its label.
    static let resealSelf = """
        UPDATE grants SET self_nonce = ?, self_sealed = ?, self_label = NULL
        WHERE athlete_id = ? AND epoch = ? AND user_id = ?
        """
}

extension GrantsTable {
    /// The signature of one grant (the roster pull compares it with the server's).
    static let signatureOfOne = """
        SELECT signature FROM grants WHERE athlete_id = ? AND epoch = ? AND user_id = ?
        """

    /// Removes the athlete's grants before the epoch, but for the user's (a pulled rotation).
    static let deleteBeforeEpochButOfUser = """
        DELETE FROM grants WHERE athlete_id = ? AND epoch < ? AND user_id != ?
        """
}
