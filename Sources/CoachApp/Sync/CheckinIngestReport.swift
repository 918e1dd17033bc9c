/// What one sync did with the check-ins phones sent: how many it wrote, refused and dropped,
/// and a line for each refused or dropped one.
public struct CheckinIngestReport: Codable, Equatable, Sendable {
    /// One check-in not written.
    public struct Problem: Codable, Equatable, Sendable {
        /// Why it was not written.
        public enum Outcome: String, Codable, Sendable {
            /// It did not open or did not validate.
            case refused
            /// Its phone is revoked: dropped unread.
            case dropped
        }

        /// The phone's name.
        public let phone: String
        /// The phone's device id.
        public let device: String
        /// The day it was for.
        public let day: String
        /// The item's id.
        public let item: String
        public let outcome: Outcome
        /// Why, in one line (for a refusal: the words `log mood` refuses the same values with).
        public let reason: String
    }

    /// Check-ins written as wellness records.
    public var ingested = 0
    /// Check-ins refused.
    public var refused = 0
    /// Check-ins of revoked phones, dropped.
    public var dropped = 0
    /// Each refused or dropped check-in, in the order met.
    public var problems: [Problem] = []

    public init() {}

    /// Notes a check-in not written.
    mutating func note(_ problem: Problem) {
        switch problem.outcome {
        case .refused: refused += 1
        case .dropped: dropped += 1
        }
        problems.append(problem)
    }
}
