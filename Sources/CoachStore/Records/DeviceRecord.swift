import CoachKit
import Foundation

/// One record read from a device file, encoded and ready to be written.
public struct DeviceRecord: Sendable {
    /// The record id (a keyed hash of the dedupe key, or a fixed per-day id).
    public var id: String
    public var kind: RecordKind
    public var day: LocalDay
    /// The record in the interchange format (JSON).
    public var payload: [UInt8]
    /// Whether the record replaces an existing one with the same id when its content differs
    /// (daily totals); otherwise an existing id means the record is a duplicate.
    public var replaces: Bool
    /// The ids the same record had under the athlete's earlier keys: a stored one makes it a
    /// duplicate too (the same file imported before a rotation).
    public var aliases: [String]

    /// Creates a record.
    public init(
        id: String, kind: RecordKind, day: LocalDay, payload: [UInt8], replaces: Bool,
        aliases: [String] = []
    ) {
        self.id = id; self.kind = kind; self.day = day; self.payload = payload
        self.replaces = replaces; self.aliases = aliases
    }
}

/// What writing one device record did.
public enum DeviceWriteOutcome: Sendable, Equatable {
    case added, updated, duplicate
}

/// Turns dedupe keys into record ids: a keyed BLAKE2b under a key derived from the athlete's
/// current data key, so ids reveal nothing to anyone without that key (a holder revoked at a
/// rotation cannot recompute the ids of what is imported after it), and the same on every
/// machine. The ids under the earlier keys are the record's aliases, so a file imported before
/// a rotation is still found a duplicate after it.
public struct ImportIdMaker: Sendable {
    /// The keys of the athlete's epochs, the current one first.
    let keys: [SecretKeyBox]

    /// The record id of `dedupeKey` (`i` and 24 hex digits) under the current key.
    public func id(for dedupeKey: String) -> String {
        "i" + keys[0].hexHash(Array(dedupeKey.utf8))
    }

    /// The ids `dedupeKey` had under the athlete's earlier keys, newest first.
    public func aliases(for dedupeKey: String) -> [String] {
        keys.dropFirst().map { "i" + $0.hexHash(Array(dedupeKey.utf8)) }
    }
}
