import CoachKit
import CoachPlugins
import Foundation

/// An external metric plugin hashed and asked what it is, but not trusted yet: what the owner
/// reviews before adding it.
public struct PluginReview: Sendable, Equatable {
    /// The inspection the review shows, kept to be recorded unchanged when the plugin is added.
    let inspection: PluginInspector.Inspection

    /// The plugin's id (its handshake's, equal to its file-name suffix).
    public var id: String { inspection.id }
    /// The executable's absolute path.
    public var path: String { inspection.path }
    /// The executable's SHA-256, pinned when the plugin is added.
    public var sha256: String { inspection.sha256 }
    /// The plugin's name, as it announces itself.
    public var name: String { inspection.manifest.plugin.name }
    /// The plugin's version, as it announces itself.
    public var version: String { inspection.manifest.plugin.version }
    /// The metrics it provides, with the data each asks for.
    public var metrics: [MetricDescriptor] { inspection.manifest.providers }
}

/// A plugin executable opened and hashed, nothing of it run: what the owner agrees to run.
public struct PluginFile: Sendable {
    /// The open file, which is what the handshake runs.
    let executable: PinnedExecutable
    /// The executable's absolute path.
    public var path: String { executable.path }
    /// The SHA-256 of the open file.
    public var sha256: String { executable.sha256 }
}

/// A plugin executable found in a search folder and not added yet.
public struct AvailablePlugin: Codable, Sendable, Equatable {
    /// Its id (the suffix of `coach-metric-<id>`).
    public var id: String
    /// The executable's path.
    public var path: String
    /// Which folder list it was found through (`workspace`, `data-home`, `plugin-path`, `path`).
    public var source: String
}
