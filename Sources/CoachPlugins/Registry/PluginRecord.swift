import CoachKit
import CoachPluginProtocol
import Foundation

/// A plugin the owner added: where its executable is, its pinned hash, its handshake and the
/// data kinds granted to it.
public struct PluginRecord: Codable, Sendable, Equatable {
    /// The plugin's id (`coach-metric-<id>`).
    public var id: String
    /// Absolute path of the executable.
    public var path: String
    /// SHA-256 of the executable when it was added, lowercase hex.
    public var sha256: String
    /// The handshake answer recorded when it was added.
    public var manifest: InitializeResult
    /// The kinds the owner granted (a subset of those the providers declare).
    public var granted: [InputKind]
    /// Whether the stored record failed its owner-signature check: such a plugin is never
    /// started (not encoded; set by whoever reads the records).
    public var unsigned = false
    /// Whether the owner allowed the plugin to run where a required protection is missing
    /// (from the signed record; not encoded).
    public var unsandboxed = false

    enum CodingKeys: String, CodingKey {
        case id, path, sha256, manifest, granted
    }

    /// A record of an added plugin.
    public init(
        id: String, path: String, sha256: String, manifest: InitializeResult,
        granted: [InputKind]
    ) {
        self.id = id
        self.path = path
        self.sha256 = sha256
        self.manifest = manifest
        self.granted = granted
    }

    /// Every kind the plugin's providers declare, in the domain's order.
    public var declared: [InputKind] {
        Array(Set(manifest.providers.flatMap { $0.inputs.map(\.kind) })).sorted()
    }

    /// The plugin's version from its handshake.
    public var version: String { manifest.plugin.version }

    /// The origin stamped on the plugin's results.
    public var origin: MetricOrigin { MetricOrigin(id: id, version: version) }
}
