import CoachCrypto
import Foundation

/// Keeps the pending web pairing of each device of one workspace between `device add --web`
/// and the approval, as the opaque sealed bytes the app layer hands in:
/// `<tokens folder>/<path tag>.<device id>.pairing` beside the kept sync session, folder 0700
/// and file 0600, written atomically, read without following links and only when private.
public struct PairingCodeStore: Sendable {
    /// The 0700 folder holding the pairing files.
    public let directory: String
    let workspaceTag: String

    /// The pairing files of the workspace at `workspacePath`.
    public init(workspacePath: String, environment: [String: String]) {
        let tokens = SessionTokenStore(workspacePath: workspacePath, environment: environment)
        directory = tokens.directory
        workspaceTag = tokens.workspaceTag
    }

    /// The file of `deviceId`, or nil for an id that could not name a file safely.
    public func path(deviceId: String) -> String? {
        guard MarksFolder.safe(deviceId) else { return nil }
        return "\(directory)/\(workspaceTag).\(deviceId).pairing"
    }

    /// The sealed pairing kept for `deviceId`, or nil when there is none.
    ///
    /// - Throws: `LocalFileError.unsafePath` for a link, another owner or a wider mode.
    public func load(deviceId: String) throws -> [UInt8]? {
        guard let file = path(deviceId: deviceId) else { return nil }
        return try SecureFiles.readPrivate(file, what: "the pairing file", limit: 4096)
    }

    /// Keeps `sealed` as the pending pairing of `deviceId` (0600, atomically), replacing any.
    ///
    /// - Throws: `LocalFileError.unsafePath` when the folder or the file cannot be written.
    public func save(_ sealed: [UInt8], deviceId: String) throws {
        guard let file = path(deviceId: deviceId) else {
            throw LocalFileError.unsafePath(deviceId, reason: "not a device id")
        }
        try SecureFiles.makeDirectory(directory)
        try SecureFiles.writeAtomically(sealed, to: file, sync: true)
    }

    /// Forgets the pairing of `deviceId`; nothing when there is none.
    public func remove(deviceId: String) {
        guard let file = path(deviceId: deviceId) else { return }
        SecureFiles.remove(file)
    }
}
