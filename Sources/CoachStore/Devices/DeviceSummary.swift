import CoachKit

/// What a device listing shows of one device: its id, whose it is, its name, when it was made
/// and, when revoked, by whom and when; each verified against its signatures.
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
}

/// This machine's device for the signed-in user, and its key to keep when it was just made.
public struct DeviceEnrolment: Sendable {
    /// The device.
    public let device: DeviceID
    /// The device key sealed for this user, to keep on this machine; nil when the machine
    /// already held it.
    public let sealedKey: [UInt8]?
}
