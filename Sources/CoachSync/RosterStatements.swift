import CoachCrypto
import CoachKit

/// An external plugin's record on the roster: opaque to the server (the client's own signed
/// plugin row), wrapped in the owner's signature so the server can check who added it.
public struct RosterPlugin: Codable, Equatable, Sendable {
    public var pluginId: String
    /// The plugin row as the client stores it; empty for a removal of the plugin.
    public var record: SyncBytes
    public var signerId: UserID
    public var signature: SyncBytes

    enum CodingKeys: String, CodingKey {
        case pluginId = "plugin_id"
        case record
        case signerId = "signer_id"
        case signature
    }

    /// A plugin entry (unsigned unless `signature` is given).
    public init(pluginId: String, record: [UInt8], signerId: UserID, signature: [UInt8] = []) {
        self.pluginId = pluginId
        self.record = SyncBytes(record)
        self.signerId = signerId
        self.signature = SyncBytes(signature)
    }

    /// The signed bytes, bound to one workspace.
    public func message(workspaceId: String) -> [UInt8] {
        AssociatedData("coach/1/sync-plugin").with(
            workspaceId, pluginId, record.bytes, signerId.rawValue
        ).bytes
    }

    /// Signs the entry with the owner's key.
    public mutating func sign(by owner: SigningKeyPair, workspaceId: String) {
        signature = SyncBytes(owner.sign(message(workspaceId: workspaceId)))
    }

    var fields: AssociatedData {
        AssociatedData("plugin").with(pluginId, record.bytes, signerId.rawValue, signature.bytes)
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
