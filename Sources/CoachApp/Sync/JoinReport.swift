/// What `sync join` shows: the replica made, whom it signed in, this machine's device and
/// what the first sync brought.
public struct JoinReport: Codable, Equatable, Sendable {
    /// The workspace file.
    public let path: String
    public let workspace: String
    public let server: String
    /// The joined user's handle and role.
    public let user: String
    public let role: String
    /// This machine's new device.
    public let device: String
    /// How many changes the first pull applied.
    public let applied: Int
}
