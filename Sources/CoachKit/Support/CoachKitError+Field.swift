import Foundation

extension CoachKitError {
    /// What an out-of-range value or unknown name was given for.
    ///
    /// A field of the data ("mood", "planned TSS") reads the same in every front end and is
    /// written as text (a string literal makes one). An input of a request (the day a view is
    /// for, a metric name) is a `Parameter`, which each front end spells its own way.
    public enum Field: Hashable, Sendable, CustomStringConvertible,
        ExpressibleByStringInterpolation
    {
        /// A field of the data, named in words.
        case named(String)
        /// An input of the request.
        case parameter(Parameter)

        public init(stringLiteral value: String) { self = .named(value) }

        /// The field in neutral words.
        public var description: String {
            switch self {
            case .named(let text): text
            case .parameter(let parameter): parameter.description
            }
        }
    }
}
