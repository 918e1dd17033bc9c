import CoachCrypto
import Foundation

/// Keeps marks as files `<directory>/<workspace id>-<path tag>/<user id>`: folders 0700,
/// files 0600, written atomically, read without following links and only when owned by this
/// user and private to them.
///
/// The path tag (a hash of the workspace file's path) keeps a copy of a workspace opened at
/// another path — a backup being inspected — from being judged against the original's marks.
public struct MarksFolder: MarksKeeper {
    /// The folder holding one sub-folder per workspace.
    public let directory: String
    /// A short hash of the workspace file's path.
    let pathTag: String
    /// Report a rollback at sign-in instead of refusing it (a health check).
    public var reportsOnly = false

    /// A keeper under `directory` (for instance `$XDG_STATE_HOME/coach/marks`) for the
    /// workspace file at `workspacePath`.
    public init(directory: String, workspacePath: String) {
        self.directory = directory
        pathTag = String(Hashing.hex(Hashing.blake2b(Array(workspacePath.utf8))).prefix(16))
    }

    func folder(_ workspaceId: String) -> String { "\(directory)/\(workspaceId)-\(pathTag)" }

    /// Ids name files, so only lowercase UUID-like ids are accepted (never a path).
    static func safe(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 64
            && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || $0 == 45 }
    }

    public func location(workspaceId: String, userId: String) -> String {
        "\(folder(workspaceId))/\(userId)"
    }

    public func load(workspaceId: String, userId: String) throws -> [UInt8]? {
        guard Self.safe(workspaceId), Self.safe(userId) else { return nil }
        return try SecureFiles.readPrivate(
            location(workspaceId: workspaceId, userId: userId), what: "the marks file",
            limit: 1 << 22)
    }

    public func save(_ sealed: [UInt8], workspaceId: String, userId: String) throws {
        guard Self.safe(workspaceId), Self.safe(userId) else { return }
        try SecureFiles.makeDirectory(folder(workspaceId))
        try SecureFiles.writeAtomically(
            sealed, to: location(workspaceId: workspaceId, userId: userId), sync: false)
    }

    public func forget(workspaceId: String) {
        guard Self.safe(workspaceId) else { return }
        SecureFiles.removeFolder(folder(workspaceId))
    }
}
