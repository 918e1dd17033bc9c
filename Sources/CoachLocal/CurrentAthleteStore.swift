import CoachCrypto
import CoachKit
import Foundation

/// Where a staff user's current athlete is kept: one 0600 file per workspace and user in the
/// user's state folder (`$XDG_STATE_HOME/coach/current`), beside nothing secret.
///
/// The file holds the athlete's handle only; opening the athlete still needs the user's grant.
public struct CurrentAthleteStore: Sendable {
    /// The 0700 folder holding the files.
    public let directory: String
    /// The file of this workspace and user.
    public let path: String

    /// The store of `user` on the workspace at `workspacePath`.
    public init(workspacePath: String, user: Handle, environment: [String: String]) {
        directory = WorkspaceLocation.stateHome(environment) + "/coach/current"
        let tag = Hashing.hex(Hashing.blake2b(Array(workspacePath.utf8))).prefix(16)
        path = "\(directory)/\(tag).\(user.rawValue)"
    }

    /// The stored handle, if any.
    public func load() -> Handle? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : Handle(text)
    }

    /// Stores `handle` (atomically, mode 0600).
    ///
    /// - Throws: `LocalFileError.unsafePath` when the folder or the file cannot be written.
    public func save(_ handle: Handle) throws {
        try SecureFiles.makeDirectory(directory)
        try SecureFiles.writeAtomically(Array((handle.rawValue + "\n").utf8), to: path)
    }

    /// Forgets the stored handle.
    public func clear() { SecureFiles.remove(path) }
}
