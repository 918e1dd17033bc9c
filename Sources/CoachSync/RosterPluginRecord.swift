import CoachKit

/// An external plugin's row as a roster entry carries it (`RosterPlugin.record`): every column
/// of the replica's plugin row, the owner's signature of the row included, as JSON.
///
/// The server keeps the bytes opaque; a replica that pulls them stores the row and checks its
/// signature as it checks any plugin row.
public struct RosterPluginRecord: Codable, Equatable, Sendable {
    public var id: String
    public var path: String
    public var sha256: String
    public var manifest: String
    public var granted: String
    public var addedBy: UserID
    public var addedAt: String
    public var signature: SyncBytes

    enum CodingKeys: String, CodingKey {
        case id, path, sha256, manifest, granted
        case addedBy = "added_by"
        case addedAt = "added_at"
        case signature
    }

    /// A plugin row.
    public init(
        id: String, path: String, sha256: String, manifest: String, granted: String,
        addedBy: UserID, addedAt: String, signature: [UInt8]
    ) {
        self.id = id
        self.path = path
        self.sha256 = sha256
        self.manifest = manifest
        self.granted = granted
        self.addedBy = addedBy
        self.addedAt = addedAt
        self.signature = SyncBytes(signature)
    }

    /// The record's bytes: its JSON, keys sorted.
    ///
    /// - Throws: `EncodingError` (not expected).
    public func bytes() throws -> [UInt8] { try SyncJSON.encode(self) }

    /// The record in `bytes`.
    ///
    /// - Throws: `DecodingError` when the bytes are not a plugin record.
    public init(bytes: [UInt8]) throws {
        self = try SyncJSON.decode(Self.self, from: bytes)
    }
}
