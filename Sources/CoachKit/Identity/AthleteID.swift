/// An athlete's stable id in a workspace (a lowercase UUID); never shown to people.
public struct AthleteID: TypedIdentifier {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
}
