/// A device's stable id in a workspace (a lowercase UUID): one machine of one user.
public struct DeviceID: TypedIdentifier {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
}
