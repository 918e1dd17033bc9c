import Foundation

/// One logged entry as the log lists it: its id, kind, day and the entry itself.
public struct LogEntry: Codable, Sendable {
    /// The entry's id.
    public let id: String
    /// What kind of entry it is.
    public let kind: RecordKind
    /// The athlete-local day it belongs to.
    public let day: String
    /// The entry in the interchange format.
    public let entry: JSONValue

    /// An entry as listed.
    public init(id: String, kind: RecordKind, day: String, entry: JSONValue) {
        self.id = id
        self.kind = kind
        self.day = day
        self.entry = entry
    }
}
