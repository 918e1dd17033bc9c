/// The id of one planned session in an athlete's program, unique per athlete.
public struct PlannedSessionID: TypedIdentifier {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
}
