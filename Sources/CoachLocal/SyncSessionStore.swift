import CoachCrypto
import Foundation

/// Keeps the sync server's session of each device of one workspace between commands, as the
/// opaque sealed bytes the app layer hands in: `<tokens folder>/<path tag>.<device id>.sync`
/// beside the unlock session (`$XDG_RUNTIME_DIR/coach`, else the state folder), folder 0700
/// and files 0600, written atomically, read without following links and only when private.
public struct SyncSessionStore: Sendable {
    /// The 0700 folder holding the session files.
    public let directory: String
    let workspaceTag: String

    /// The sync session files of the workspace at `workspacePath`.
    public init(workspacePath: String, environment: [String: String]) {
        let tokens = SessionTokenStore(workspacePath: workspacePath, environment: environment)
        directory = tokens.directory
        workspaceTag = tokens.workspaceTag
    }

    /// The file of `deviceId`, or nil for an id that could not name a file safely.
    public func path(deviceId: String) -> String? {
        guard MarksFolder.safe(deviceId) else { return nil }
        return "\(directory)/\(workspaceTag).\(deviceId).sync"
    }

    /// The sealed session kept for `deviceId`, or nil when there is none.
    ///
    /// - Throws: `LocalFileError.unsafePath` for a link, another owner or a wider mode.
    public func load(deviceId: String) throws -> [UInt8]? {
        guard let file = path(deviceId: deviceId) else { return nil }
        return try SecureFiles.readPrivate(file, what: "the sync session file", limit: 4096)
    }

    /// Keeps `sealed` as the session of `deviceId` (0600, atomically, without waiting for the
    /// disk: a lost file only costs a sign-in).
    ///
    /// - Throws: `LocalFileError.unsafePath` when the folder or the file cannot be written.
    public func save(_ sealed: [UInt8], deviceId: String) throws {
        guard let file = path(deviceId: deviceId) else { return }
        try SecureFiles.makeDirectory(directory)
        try SecureFiles.writeAtomically(sealed, to: file, sync: false)
    }

    /// Forgets the session of `deviceId`; nothing when there is none.
    public func remove(deviceId: String) {
        guard let file = path(deviceId: deviceId) else { return }
        SecureFiles.remove(file)
    }
}
