import CoachCrypto
import Foundation

/// Finds and writes session token files for one workspace.
public struct SessionTokenStore: Sendable {
    /// The 0700 folder holding token files.
    public let directory: String
    let workspaceTag: String

    /// The token store for `workspacePath`, in `$XDG_RUNTIME_DIR/coach` (or the state folder).
    public init(workspacePath: String, environment: [String: String]) {
        if let run = environment["XDG_RUNTIME_DIR"], run.hasPrefix("/") {
            directory = run + "/coach"
        } else {
            directory = WorkspaceLocation.stateHome(environment) + "/coach/sessions"
        }
        workspaceTag = String(Hashing.hex(Hashing.blake2b(Array(workspacePath.utf8))).prefix(16))
    }

    func path(for handle: String) -> String { "\(directory)/\(workspaceTag).\(handle).session" }

    /// Saves `token` (0600, atomically).
    ///
    /// - Throws: `LocalFileError.unsafePath` when the folder or the file cannot be written.
    public func save(_ token: SessionToken) throws {
        try SecureFiles.makeDirectory(directory)
        var bytes = token.serialized()
        defer { Sodium.wipe(&bytes) }
        try SecureFiles.writeAtomically(bytes, to: path(for: token.handle))
    }

    /// Loads the token for `handle`, or the only token of this workspace when `handle` is nil.
    ///
    /// - Throws: `LocalFileError.ambiguousSession` when `handle` is nil and several users hold
    ///   a token; `.unsafePath` when the file is a link, another user's or readable by others.
    public func load(handle: String?) throws -> SessionToken? {
        let file: String
        if let handle {
            file = path(for: handle)
        } else {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                .filter { $0.hasPrefix(workspaceTag + ".") && $0.hasSuffix(".session") }
            if names.isEmpty { return nil }
            if names.count > 1 {
                let handles = names.map { String($0.dropFirst(workspaceTag.count + 1).dropLast(8)) }
                    .sorted()
                throw LocalFileError.ambiguousSession(handles)
            }
            file = directory + "/" + names[0]
        }
        guard var data = try Self.readPrivate(file) else { return nil }
        defer { Sodium.wipe(&data) }
        return SessionToken.parse(data)
    }

    /// The handles holding a token file for this workspace, the most recently unlocked last
    /// (by the file's modification time, then by handle).
    public func handles() -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix(workspaceTag + ".") && $0.hasSuffix(".session") }
        let dated = names.map { name -> (Date, String) in
            let attributes = try? FileManager.default.attributesOfItem(
                atPath: directory + "/" + name)
            let handle = String(name.dropFirst(workspaceTag.count + 1).dropLast(8))
            return ((attributes?[.modificationDate] as? Date) ?? .distantPast, handle)
        }
        return dated.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.1)
    }

    /// Reads a token file without following a link, only when it is a regular file of this
    /// user that nobody else can read or write; nil when there is none.
    ///
    /// - Throws: `LocalFileError.unsafePath` for a link, another owner or a wider mode.
    static func readPrivate(_ file: String) throws -> [UInt8]? {
        try SecureFiles.readPrivate(file, what: "the session file", limit: 4096)
    }

    /// Removes the token file of `handle`.
    public func remove(handle: String) {
        SecureFiles.remove(path(for: handle))
    }
}
