/// A user's stable id in a workspace (a lowercase UUID).
public struct UserID: TypedIdentifier {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
}
