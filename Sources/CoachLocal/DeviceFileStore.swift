import CoachCrypto
import Foundation

/// Keeps one small sealed file per device of one workspace beside the unlock session
/// (`$XDG_RUNTIME_DIR/coach`, else the state folder), as the opaque bytes the app layer hands
/// in: `<tokens folder>/<path tag>.<device id>.<suffix>`, folder 0700 and files 0600, written
/// atomically, read without following links and only when private.
///
/// Two kinds use it: the sync server's session between commands (`syncSessions`) and the
/// pending web pairing between `device add --web` and the approval (`pairings`).
public struct DeviceFileStore: Sendable {
    /// The 0700 folder holding the files.
    public let directory: String
    let workspaceTag: String
    let suffix: String
    let what: String
    let durable: Bool

    /// The files ending in `suffix` of the workspace at `workspacePath`.
    ///
    /// - Parameters:
    ///   - suffix: the files' extension, e.g. `sync`.
    ///   - what: how an error names a file, e.g. "the sync session file".
    ///   - durable: whether a save waits for the disk (a lost file that costs only a sign-in
    ///     need not).
    init(
        workspacePath: String, environment: [String: String], suffix: String, what: String,
        durable: Bool
    ) {
        let tokens = SessionTokenStore(workspacePath: workspacePath, environment: environment)
        directory = tokens.directory
        workspaceTag = tokens.workspaceTag
        self.suffix = suffix
        self.what = what
        self.durable = durable
    }

    /// The kept sync sessions of the workspace at `workspacePath` (`.sync`; a lost file only
    /// costs a sign-in, so saves do not wait for the disk).
    public static func syncSessions(workspacePath: String, environment: [String: String])
        -> DeviceFileStore
    {
        DeviceFileStore(
            workspacePath: workspacePath, environment: environment, suffix: "sync",
            what: "the sync session file", durable: false)
    }

    /// The pending web pairings of the workspace at `workspacePath` (`.pairing`, saved
    /// durably: the code cannot be made again).
    public static func pairings(workspacePath: String, environment: [String: String])
        -> DeviceFileStore
    {
        DeviceFileStore(
            workspacePath: workspacePath, environment: environment, suffix: "pairing",
            what: "the pairing file", durable: true)
    }

    /// The file of `deviceId`, or nil for an id that could not name a file safely.
    public func path(deviceId: String) -> String? {
        guard MarksFolder.safe(deviceId) else { return nil }
        return "\(directory)/\(workspaceTag).\(deviceId).\(suffix)"
    }

    /// The sealed bytes kept for `deviceId`, or nil when there are none.
    ///
    /// - Throws: `LocalFileError.unsafePath` for a link, another owner or a wider mode.
    public func load(deviceId: String) throws -> [UInt8]? {
        guard let file = path(deviceId: deviceId) else { return nil }
        return try SecureFiles.readPrivate(file, what: what, limit: 4096)
    }

    /// Keeps `sealed` for `deviceId` (0600, atomically), replacing any.
    ///
    /// - Throws: `LocalFileError.unsafePath` for an id that cannot name a file, or when the
    ///   folder or the file cannot be written.
    public func save(_ sealed: [UInt8], deviceId: String) throws {
        guard let file = path(deviceId: deviceId) else {
            throw LocalFileError.unsafePath(deviceId, reason: "not a device id")
        }
        try SecureFiles.makeDirectory(directory)
        try SecureFiles.writeAtomically(sealed, to: file, sync: durable)
    }

    /// Forgets what is kept for `deviceId`; nothing when there is none.
    public func remove(deviceId: String) {
        guard let file = path(deviceId: deviceId) else { return }
        SecureFiles.remove(file)
    }
}
