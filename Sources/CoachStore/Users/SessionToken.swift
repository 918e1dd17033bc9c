import CoachCrypto
import Foundation

/// The half of a session that lives outside the database: session id and session key.
///
/// Stored in a 0600 file under a 0700 per-user runtime folder; the database row holds the
/// user's keys encrypted under the session key, so neither half alone opens anything.
public struct SessionToken: Sendable {
    public let id: String
    public let key: SecretKey
    public let handle: String

    static let header = "coach-session/1"

    /// The file contents.
    func serialized() -> [UInt8] {
        Array("\(Self.header)\n\(handle)\n\(id)\n".utf8)
            + Array(Hashing.hex(key.exportBytes()).utf8) + [10]
    }

    /// Parses a token file; `nil` when it is not one.
    static func parse(_ bytes: [UInt8]) -> SessionToken? {
        let lines = bytes.split(separator: 10).map { String(decoding: $0, as: UTF8.self) }
        guard lines.count == 4, lines[0] == header, lines[3].count == 64 else { return nil }
        var raw = [UInt8]()
        var chars = Array(lines[3].utf8)
        defer { Sodium.wipe(&chars); Sodium.wipe(&raw) }
        var i = 0
        while i < chars.count {
            guard let hi = hexValue(chars[i]), let lo = hexValue(chars[i + 1]) else { return nil }
            raw.append(hi << 4 | lo)
            i += 2
        }
        guard let key = try? SecretKey(consuming: &raw) else { return nil }
        return SessionToken(id: lines[2], key: key, handle: lines[1])
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: c - 48
        case 97...102: c - 87
        default: nil
        }
    }
}

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
    public func save(_ token: SessionToken) throws {
        try SecureFiles.makeDirectory(directory)
        var bytes = token.serialized()
        defer { Sodium.wipe(&bytes) }
        try SecureFiles.writeAtomically(bytes, to: path(for: token.handle))
    }

    /// Loads the token for `handle`, or the only token of this workspace when `handle` is nil.
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
                throw StoreError.ambiguousSession(handles)
            }
            file = directory + "/" + names[0]
        }
        guard var data = try Self.readPrivate(file) else { return nil }
        defer { Sodium.wipe(&data) }
        return SessionToken.parse(data)
    }

    /// Reads a token file without following a link, only when it is a regular file of this
    /// user that nobody else can read or write; nil when there is none.
    ///
    /// - Throws: `StoreError.unsafePath` for a link, another owner or a wider mode.
    static func readPrivate(_ file: String) throws -> [UInt8]? {
        try SecureFiles.readPrivate(file, what: "the session file", limit: 4096)
    }

    /// Removes the token file of `handle`.
    public func remove(handle: String) {
        unlink(path(for: handle))
    }
}
