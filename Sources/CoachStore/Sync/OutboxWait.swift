import CoachKit

/// A queued change of this device that waits for another user's queued change on this file.
public struct OutboxWait: Equatable, Hashable, Sendable {
    /// The athlete whose stream the waiting change belongs to.
    public let athleteId: AthleteID
    /// The record id of the waiting change.
    public let object: String
    /// The handle of the user whose queued change it was made on top of.
    public let user: String
}
