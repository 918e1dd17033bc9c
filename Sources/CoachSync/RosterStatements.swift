import CoachCrypto
import CoachKit

/// An external plugin's record on the roster: opaque to the server (the client's own signed
/// plugin row), wrapped in the owner's signature so the server can check who added it.
///
/// A removal (an empty record) names the record it supersedes (`supersedes`, the
/// `recordHash(_:)` of the plugin's newest record), so a genuine removal replayed after the
/// plugin was added again names an older record and is refused.
public struct RosterPlugin: Codable, Equatable, Sendable {
    public var pluginId: String
    /// The plugin row as the client stores it; empty for a removal of the plugin.
    public var record: SyncBytes
    public var signerId: UserID
    /// For a removal, `recordHash(_:)` of the record it removes; empty for a record.
    public var supersedes: SyncBytes
    public var signature: SyncBytes

    enum CodingKeys: String, CodingKey {
        case pluginId = "plugin_id"
        case record
        case signerId = "signer_id"
        case supersedes
        case signature
    }

    /// A plugin entry (unsigned unless `signature` is given).
    public init(
        pluginId: String, record: [UInt8], signerId: UserID, supersedes: [UInt8] = [],
        signature: [UInt8] = []
    ) {
        self.pluginId = pluginId
        self.record = SyncBytes(record)
        self.signerId = signerId
        self.supersedes = SyncBytes(supersedes)
        self.signature = SyncBytes(signature)
    }

    /// Reads an entry; one without `supersedes` (a record) supersedes nothing.
    ///
    /// - Throws: `DecodingError` for a missing or malformed field.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        pluginId = try c.decode(String.self, forKey: .pluginId)
        record = try c.decode(SyncBytes.self, forKey: .record)
        signerId = try c.decode(UserID.self, forKey: .signerId)
        supersedes = try c.decodeIfPresent(SyncBytes.self, forKey: .supersedes) ?? SyncBytes([])
        signature = try c.decode(SyncBytes.self, forKey: .signature)
    }

    /// Writes the entry, leaving out an empty `supersedes`.
    ///
    /// - Throws: `EncodingError` (not expected).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(pluginId, forKey: .pluginId)
        try c.encode(record, forKey: .record)
        try c.encode(signerId, forKey: .signerId)
        if !supersedes.bytes.isEmpty { try c.encode(supersedes, forKey: .supersedes) }
        try c.encode(signature, forKey: .signature)
    }

    /// What a removal names of the record it supersedes: BLAKE2b-256 over the label
    /// `coach/1/sync-plugin-record` and the record's bytes.
    public static func recordHash(_ record: [UInt8]) -> [UInt8] {
        Hashing.blake2b(AssociatedData("coach/1/sync-plugin-record").with(record).bytes)
    }

    /// The signed bytes, bound to one workspace (and, for a removal, to the record it
    /// supersedes).
    public func message(workspaceId: String) -> [UInt8] {
        var data = AssociatedData("coach/1/sync-plugin").with(
            workspaceId, pluginId, record.bytes, signerId.rawValue)
        if !supersedes.bytes.isEmpty { data.append(supersedes.bytes) }
        return data.bytes
    }

    /// Signs the entry with the owner's key.
    public mutating func sign(by owner: SigningKeyPair, workspaceId: String) {
        signature = SyncBytes(owner.sign(message(workspaceId: workspaceId)))
    }

    var fields: AssociatedData {
        var data = AssociatedData("plugin").with(
            pluginId, record.bytes, signerId.rawValue, signature.bytes)
        if !supersedes.bytes.isEmpty { data.append(supersedes.bytes) }
        return data
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
