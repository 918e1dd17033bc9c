import CoachKit

/// What applying one pull page did.
public struct ApplyReport: Equatable, Sendable {
    /// Changes whose row was written or removed.
    public var applied = 0
    /// Changes verified but already superseded here (this replica's own, echoed back, or
    /// older than the version held).
    public var superseded = 0
    /// Redacted changes (the server dropped their superseded bodies) applied header only.
    public var redacted = 0
    /// Conflicts resolved against a queued change, each kept in `sync_conflicts`.
    public var conflicts = 0
    /// Devices whose changes carried a clock more than a day ahead of this machine's.
    public var skewedDevices: [DeviceID] = []

    public init() {}
}
