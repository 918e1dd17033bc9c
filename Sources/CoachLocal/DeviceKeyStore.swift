import CoachCrypto
import Foundation

/// Keeps this machine's device key for each user of one workspace, as the opaque sealed bytes
/// the store hands out: `<state>/coach/devices/<path tag>.<user id>.device`, folder 0700 and
/// files 0600, written atomically, read without following links and only when private.
public struct DeviceKeyStore: Sendable {
    /// The 0700 folder holding the device files.
    public let directory: String
    let workspaceTag: String

    /// The device files of the workspace at `workspacePath`, under the XDG state folder.
    public init(workspacePath: String, environment: [String: String]) {
        directory = WorkspaceLocation.stateHome(environment) + "/coach/devices"
        workspaceTag = String(Hashing.hex(Hashing.blake2b(Array(workspacePath.utf8))).prefix(16))
    }

    /// The file of `userId`, or nil for an id that could not name a file safely.
    func path(userId: String) -> String? {
        guard MarksFolder.safe(userId) else { return nil }
        return "\(directory)/\(workspaceTag).\(userId).device"
    }

    /// The sealed device key kept for `userId`, or nil when this machine has none.
    ///
    /// - Throws: `LocalFileError.unsafePath` for a link, another owner or a wider mode.
    public func load(userId: String) throws -> [UInt8]? {
        guard let file = path(userId: userId) else { return nil }
        return try SecureFiles.readPrivate(file, what: "the device key file", limit: 4096)
    }

    /// Keeps `sealed` as the device key of `userId` (0600, atomically).
    ///
    /// - Throws: `LocalFileError.unsafePath` when the folder or the file cannot be written.
    public func save(_ sealed: [UInt8], userId: String) throws {
        guard let file = path(userId: userId) else { return }
        try SecureFiles.makeDirectory(directory)
        try SecureFiles.writeAtomically(sealed, to: file)
    }

    /// Forgets the device key of `userId` (a join that did not finish); nothing when none.
    public func remove(userId: String) {
        guard let file = path(userId: userId) else { return }
        unlink(file)
    }
}
