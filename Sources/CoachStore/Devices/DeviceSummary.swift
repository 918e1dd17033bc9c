import CoachKit

/// What a device listing shows of one device: its id, whose it is, its name, when it was made
/// and, when revoked, by whom and when; each verified against its signatures.
///
/// A check-in device (`kind` web, a phone's page) belongs to the one athlete it posts for and
/// its user is the user who approved it.
public struct DeviceSummary: Codable, Sendable, Equatable {
    public let id: DeviceID
    public let user: Handle
    public let name: String
    /// When the device was made (UTC, ISO 8601).
    public let createdAt: String
    public let revoked: Bool
    public let revokedBy: Handle?
    /// When the device was revoked (UTC, ISO 8601).
    public let revokedAt: String?
    /// Whether the device is this machine's, for the signed-in user.
    public let thisMachine: Bool
    /// A machine users sign in on, or a write-only check-in device.
    public var kind: Kind = .machine
    /// The athlete a check-in device posts for: its user's handle, else its id.
    public var athlete: String?

    /// The kinds of device.
    public enum Kind: String, Codable, Sendable {
        /// A machine users sign in on, with a device key.
        case machine
        /// A phone's check-in page: writes one athlete's check-ins, reads nothing.
        case web
    }
}

/// This machine's device for the signed-in user, and its key to keep when it was just made.
public struct DeviceEnrolment: Sendable {
    /// The device.
    public let device: DeviceID
    /// The device key sealed for this user, to keep on this machine; nil when the machine
    /// already held it.
    public let sealedKey: [UInt8]?
}
