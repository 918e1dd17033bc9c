import CoachKit
import CoachPlugins
import Foundation

/// What the plugin commands show about one added plugin.
public struct PluginSummary: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var version: String
    public var path: String
    public var sha256: String
    /// Whether the executable still has the pinned hash (and the record the owner's signature).
    public var pinned: Bool
    public var metrics: [MetricDescriptor]
    public var declared: [InputKind]
    public var granted: [InputKind]
    public var addedAt: String
    /// Whether the owner let it run where this machine cannot sandbox plugins.
    public var unsandboxed: Bool

    enum CodingKeys: String, CodingKey {
        case id, name, version, path, sha256, pinned, metrics, declared, granted, unsandboxed
        case addedAt = "added_at"
    }

    init(_ record: PluginRecord, addedAt: String) {
        id = record.id
        name = record.manifest.plugin.name
        version = record.version
        path = record.path
        sha256 = record.sha256
        pinned =
            !record.unsigned && (try? PinnedExecutable(path: record.path))?.sha256 == record.sha256
        metrics = record.manifest.providers
        declared = record.declared
        granted = record.granted
        unsandboxed = record.unsandboxed
        self.addedAt = addedAt
    }
}

/// `plugin info`: the plugin, and the protections plugins run under on this machine.
public struct PluginInfo: Codable, Sendable, Equatable {
    public var plugin: PluginSummary
    public var protections: [Protection]
}

/// `plugin check`: the handshake again and one evaluation per metric on synthetic data.
public struct PluginCheck: Codable, Sendable, Equatable {
    public var plugin: String
    public var results: [MetricResult]
    /// Whether every metric answered without an error.
    public var ok: Bool { results.allSatisfy { $0.status != .error } }
}
