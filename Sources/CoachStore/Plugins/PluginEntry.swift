import CoachKit
import Foundation

/// A plugin the owner added to the workspace, as stored: opaque to the store but for its id.
///
/// `manifest` is the handshake answer as JSON text and `granted` the granted data kinds; the
/// plugin host gives them meaning. Anyone who can open the workspace may read the entries (they
/// hold no athlete data); only the owner adds and removes them, each time with an audit entry,
/// and she signs each record.
public struct PluginEntry: Sendable, Equatable {
    /// The plugin's id.
    public var id: String
    /// Absolute path of the executable.
    public var path: String
    /// SHA-256 of the executable when it was added, lowercase hex.
    public var sha256: String
    /// The handshake answer, JSON.
    public var manifest: String
    /// The granted kinds.
    public var granted: [InputKind]
    /// When it was added (UTC, ISO 8601).
    public var addedAt: String
    /// Whether the owner allowed this plugin to run where the machine cannot sandbox it. Kept
    /// as a token in the signed `granted` column, so that it is signed with the kinds.
    public var unsandboxed = false
    /// Whether the record carries the owner's valid signature (set when read back; a record
    /// altered in the file, or added before records were signed, is not run).
    public var signed = true

    /// The token of `unsandboxed` among the granted kinds (never a kind's name).
    static let unsandboxedToken = "+unsandboxed"

    /// An entry to store; `addedAt` is set by the store.
    public init(
        id: String, path: String, sha256: String, manifest: String, granted: [InputKind],
        addedAt: String = ""
    ) {
        self.id = id
        self.path = path
        self.sha256 = sha256
        self.manifest = manifest
        self.granted = granted
        self.addedAt = addedAt
    }
}
