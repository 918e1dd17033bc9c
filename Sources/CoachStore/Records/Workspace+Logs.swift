import CoachKit
import Foundation
import GRDB

/// One logged entry as `coach log show` lists it.
public struct LogEntry: Codable, Sendable {
    public let id: String
    public let kind: RecordKind
    public let day: String
    /// The entry in the interchange format.
    public let entry: JSONValue
}

/// A JSON value, for showing any kind of entry generically.
public enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}

extension Workspace {
    /// Writes one log entry (new, or replacing the entry with the same id) for an athlete.
    ///
    /// Access is the athlete's key: athlete users hold only their own, coaches only theirs.
    public func putLog<T: Encodable>(
        _ value: T, id: String, kind: RecordKind, day: LocalDay,
        athleteId: AthleteID, as actor: Principal
    ) throws {
        try putLog(
            value, id: id, kind: kind, day: day, for: try openAthlete(id: athleteId, as: actor),
            as: actor)
    }

    /// Writes one log entry for an athlete opened earlier in the command, through the keys opened
    /// then (refused if the athlete's key was rotated since).
    public func putLog<T: Encodable>(
        _ value: T, id: String, kind: RecordKind, day: LocalDay,
        for athlete: AthleteAccess, as actor: Principal
    ) throws {
        guard kind != .profile, kind != .week else {
            throw StoreError.invalidInput("use athlete edit or plan commands")
        }
        let payload = try JSONCoding.encode(value)
        _ = try write { db in
            try putRecord(
                db, keyring: athlete.keyring, id: id, kind: kind, day: day.description,
                payload: payload,
                actor: actor, action: "log.\(kind.rawValue)")
        }
    }

    /// Log entries of an athlete between two days (inclusive), oldest first.
    public func logEntries(
        athleteId: AthleteID, kinds: [RecordKind], from: LocalDay, through: LocalDay,
        as actor: Principal
    ) throws -> [LogEntry] {
        let athleteId = athleteId.rawValue
        let wanted =
            kinds.isEmpty ? RecordKind.allCases.filter { $0 != .profile && $0 != .week } : kinds
        return try read { db in
            let keyring = try AthleteKeyring.open(db, athleteId: athleteId, principal: actor)
            return try fetchRecords(
                db, keyring: keyring, kinds: wanted, from: from.description,
                through: through.description
            )
            .map {
                LogEntry(
                    id: $0.id, kind: $0.kind, day: $0.day,
                    entry: try JSONCoding.decode(JSONValue.self, from: $0.payload))
            }
            .sorted { ($0.day, $0.kind.rawValue, $0.id) < ($1.day, $1.kind.rawValue, $1.id) }
        }
    }

    /// Deletes a log entry by id.
    public func removeLog(id: RecordID, athleteId: AthleteID, as actor: Principal) throws {
        let athleteId = athleteId.rawValue, id = id.rawValue
        try write { db in
            let keyring = try AthleteKeyring.open(db, athleteId: athleteId, principal: actor)
            guard let record = try fetchRecord(db, keyring: keyring, id: id),
                record.kind != .profile, record.kind != .week
            else {
                throw StoreError.recordNotFound(id)
            }
            try deleteRecord(db, keyring: keyring, id: id, actor: actor, action: "log.remove")
        }
    }
}
