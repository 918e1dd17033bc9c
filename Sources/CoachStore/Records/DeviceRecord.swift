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

    /// Creates a record.
    public init(id: String, kind: RecordKind, day: LocalDay, payload: [UInt8], replaces: Bool) {
        self.id = id; self.kind = kind; self.day = day; self.payload = payload
        self.replaces = replaces
    }
}

/// What writing one device record did.
public enum DeviceWriteOutcome: Sendable, Equatable {
    case added, updated, duplicate
}

/// Turns dedupe keys into record ids: a keyed BLAKE2b under a key derived from the athlete's
/// first data key, so ids reveal nothing about the data and stay the same after a key rotation.
public struct ImportIdMaker: Sendable {
    let key: SecretKeyBox

    /// The record id of `dedupeKey` (`i` and 24 hex digits).
    public func id(for dedupeKey: String) -> String {
        "i" + key.hexHash(Array(dedupeKey.utf8))
    }
}
