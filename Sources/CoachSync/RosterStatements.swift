import CoachCrypto
import CoachKit

/// An external plugin's record on the roster: opaque to the server (the client's own signed
/// plugin row), wrapped in the owner's signature so the server can check who added it.
///
/// Each plugin's entries form a chain: every record and every removal (an empty record)
/// names in `previous` the `RosterEntry.hash` of the plugin's entry before it on the roster,
/// or nothing for the plugin's first entry, under the owner's signature
/// (`RosterPluginChain` checks it). A genuine entry replayed later names an entry that is no
/// longer the newest, and is refused.
public struct RosterPlugin: Codable, Equatable, Sendable {
    public var pluginId: String
    /// The plugin row as the client stores it; empty for a removal of the plugin.
    public var record: SyncBytes
    public var signerId: UserID
    /// The `RosterEntry.hash` of the plugin's previous entry; empty for its first.
    public var previous: SyncBytes
    public var signature: SyncBytes

    enum CodingKeys: String, CodingKey {
        case pluginId = "plugin_id"
        case record
        case signerId = "signer_id"
        case previous
        case signature
    }

    /// A plugin entry (unsigned unless `signature` is given).
    public init(
        pluginId: String, record: [UInt8], signerId: UserID, previous: [UInt8] = [],
        signature: [UInt8] = []
    ) {
        self.pluginId = pluginId
        self.record = SyncBytes(record)
        self.signerId = signerId
        self.previous = SyncBytes(previous)
        self.signature = SyncBytes(signature)
    }

    /// Reads an entry; one without `previous` is a plugin's first.
    ///
    /// - Throws: `DecodingError` for a missing or malformed field.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        pluginId = try c.decode(String.self, forKey: .pluginId)
        record = try c.decode(SyncBytes.self, forKey: .record)
        signerId = try c.decode(UserID.self, forKey: .signerId)
        previous = try c.decodeIfPresent(SyncBytes.self, forKey: .previous) ?? SyncBytes([])
        signature = try c.decode(SyncBytes.self, forKey: .signature)
    }

    /// Writes the entry, leaving out an empty `previous`.
    ///
    /// - Throws: `EncodingError` (not expected).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(pluginId, forKey: .pluginId)
        try c.encode(record, forKey: .record)
        try c.encode(signerId, forKey: .signerId)
        if !previous.bytes.isEmpty { try c.encode(previous, forKey: .previous) }
        try c.encode(signature, forKey: .signature)
    }

    /// The signed bytes, bound to one workspace and to the plugin's previous entry.
    public func message(workspaceId: String) -> [UInt8] {
        AssociatedData("coach/1/sync-plugin").with(
            workspaceId, pluginId, record.bytes, signerId.rawValue, previous.bytes
        ).bytes
    }

    /// Signs the entry with the owner's key.
    public mutating func sign(by owner: SigningKeyPair, workspaceId: String) {
        signature = SyncBytes(owner.sign(message(workspaceId: workspaceId)))
    }

    var fields: AssociatedData {
        AssociatedData("plugin").with(
            pluginId, record.bytes, signerId.rawValue, previous.bytes, signature.bytes)
    }
}

/// The removal of an athlete from the workspace, signed by a staff user: the server accepts no
/// further change to the athlete's stream.
public struct RosterRemoval: Codable, Equatable, Sendable {
    public var athleteId: AthleteID
    public var removedBy: UserID
    /// When, in Unix milliseconds.
    public var removedAt: Int64
    public var signature: SyncBytes

    enum CodingKeys: String, CodingKey {
        case athleteId = "athlete_id"
        case removedBy = "removed_by"
        case removedAt = "removed_at"
        case signature
    }

    /// A removal (unsigned unless `signature` is given).
    public init(
        athleteId: AthleteID, removedBy: UserID, removedAt: Int64, signature: [UInt8] = []
    ) {
        self.athleteId = athleteId
        self.removedBy = removedBy
        self.removedAt = removedAt
        self.signature = SyncBytes(signature)
    }

    /// The signed bytes, bound to one workspace.
    public func message(workspaceId: String) -> [UInt8] {
        AssociatedData("coach/1/sync-athlete-remove").with(
            workspaceId, athleteId.rawValue, removedBy.rawValue, removedAt
        ).bytes
    }

    /// Signs the removal with the remover's key.
    public mutating func sign(by signer: SigningKeyPair, workspaceId: String) {
        signature = SyncBytes(signer.sign(message(workspaceId: workspaceId)))
    }

    var fields: AssociatedData {
        AssociatedData("removal").with(
            athleteId.rawValue, removedBy.rawValue, removedAt, signature.bytes)
    }
}
