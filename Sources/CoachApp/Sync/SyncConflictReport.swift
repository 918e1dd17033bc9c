import CoachStore

/// One conflict as `sync conflicts` lists it: the record, each side's device, clock,
/// operation and value, and the device that resolved it.
public struct SyncConflictReport: Codable, Equatable, Sendable {
    /// One side of the conflict.
    public struct Side: Codable, Equatable, Sendable {
        public let device: String
        public let author: String
        /// The hybrid clock (`milliseconds.counter`).
        public let clock: String
        public let operation: String
        /// The record's JSON as that side had it, nil for a delete.
        public let value: String?
    }

    public let athlete: String
    public let record: String
    public let kind: String
    public let day: String
    public let winner: Side
    public let loser: Side
    /// The device that resolved it and signs its conflict note; nil (no field in JSON) for a
    /// conflict kept before replicas kept it.
    public let resolver: String?

    init(_ conflict: SyncConflict) {
        func side(_ s: SyncConflict.Side) -> Side {
            Side(
                device: s.device.rawValue, author: s.author.rawValue, clock: s.clock.description,
                operation: "\(s.operation)",
                value: s.payload.map { String(decoding: $0, as: UTF8.self) })
        }
        athlete = conflict.athleteId.rawValue
        record = conflict.object
        kind = conflict.kind
        day = conflict.day
        winner = side(conflict.winner)
        loser = side(conflict.loser)
        resolver = conflict.resolver?.rawValue
    }
}
