import CoachKit
import Foundation

/// One plugin metric in a team row: its score and band, or why it has none.
public struct PluginScore: Codable, Sendable, Equatable {
    /// The metric id.
    public var id: String
    /// The plugin and its version.
    public var plugin: MetricOrigin
    public var status: MetricResult.Status
    public var score: Int?
    public var band: BandLabel?
    /// Why there is no score (missing data, or the plugin's failure).
    public var reason: String?

    /// The score of a plugin's result (`result.plugin` must be set).
    public init(_ result: MetricResult) {
        id = result.id
        plugin = result.plugin ?? MetricOrigin(id: result.id, version: "")
        status = result.status
        score = result.score
        band = result.band
        reason = result.reason
    }
}
