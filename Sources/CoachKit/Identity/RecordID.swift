/// The id of one logged record (a wellness entry, a workout, a meal…), unique per athlete.
public struct RecordID: TypedIdentifier {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
}
