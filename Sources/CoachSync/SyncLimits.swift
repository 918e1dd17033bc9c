/// The sizes and times the sync API holds to, the same on both sides.
public enum SyncLimits {
    /// The most changes one push carries.
    public static let maxChangesPerBatch = 1_000
    /// The largest push request body: 4 MiB.
    public static let maxBatchBytes = 4 * 1_048_576
    /// The largest roster push request body: 4 MiB.
    public static let maxRosterBytes = 4 * 1_048_576
    /// The most changes one pull answers with, whatever the request's limit.
    public static let maxPullChanges = 1_000
    /// The most roster entries one roster page holds.
    public static let maxRosterPage = 1_000
    /// How long a sign-in challenge may be answered, in milliseconds.
    public static let challengeMilliseconds: Int64 = 60_000
    /// How long a session token lasts, in milliseconds: 15 minutes.
    public static let sessionMilliseconds: Int64 = 15 * 60_000
}

extension SyncLimits {
    /// How many wrong codes a join invitation takes before it is burned.
    public static let invitationAttempts = 5
    /// The shortest life of a join invitation, in seconds: one minute.
    public static let minInvitationSeconds: Int64 = 60
    /// The longest life of a join invitation, in seconds: seven days.
    public static let maxInvitationSeconds: Int64 = 7 * 86_400
}
