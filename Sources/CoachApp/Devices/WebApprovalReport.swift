/// A phone approved as a check-in device, as its roster entry names it.
public struct WebApprovalReport: Codable, Equatable, Sendable {
    /// The phone's device id.
    public let device: String
    /// The name the phone gave.
    public let name: String
    /// The athlete it may post check-ins for.
    public let athlete: String
    /// The six words of its key, which the user compared.
    public let words: [String]
}
