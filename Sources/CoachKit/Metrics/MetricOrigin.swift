import Foundation

/// Where a result came from when it was not a built-in: the plugin's id and version.
///
/// Written as `"plugin": {"id": …, "version": …}` beside a result; built-in results have none.
public struct MetricOrigin: Codable, Sendable, Equatable, Hashable {
    /// The plugin's id (its executable is `coach-metric-<id>`).
    public var id: String
    /// The plugin's version as its handshake gave it.
    public var version: String

    /// The origin of results of plugin `id` at `version`.
    public init(id: String, version: String) {
        self.id = id
        self.version = version
    }
}

/// A provider that is not compiled into coach (an adapter for a plugin process).
///
/// Results of such a provider are marked with its `origin`, including the error row it becomes
/// when it fails.
public protocol ExternalMetricProvider: MetricProvider {
    /// The plugin this provider belongs to.
    var origin: MetricOrigin { get }
}
