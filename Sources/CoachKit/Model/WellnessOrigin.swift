/// Where a wellness entry came from when a check-in device sent it: the phone, the item it
/// sent and when it sent it.
///
/// Absent for an entry typed on a machine (`log mood`), so existing entries' bytes and JSON do
/// not change.
public struct WellnessOrigin: Codable, Sendable, Equatable {
    /// The check-in device's id.
    public var device: String
    /// The check-in item's id (a UUID), unique per check-in.
    public var item: String
    /// When the phone sent it, in Unix milliseconds.
    public var sentAt: Int64

    /// An origin with every field.
    public init(device: String, item: String, sentAt: Int64) {
        self.device = device
        self.item = item
        self.sentAt = sentAt
    }

    enum CodingKeys: String, CodingKey {
        case device, item
        case sentAt = "sent_at"
    }
}
