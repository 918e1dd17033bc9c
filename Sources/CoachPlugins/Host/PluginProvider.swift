import CoachKit
import Foundation

/// One provider of a plugin, as the registry sees it: a `MetricProvider` whose evaluations go to
/// the plugin's process.
///
/// The input is cut to what the plugin may see (`PluginInputFilter`) and the answer is checked
/// against the manifest (`ResultValidator`). Any failure throws a `PluginError` naming the plugin,
/// which the evaluation turns into one error row while the other metrics still show.
public struct PluginProvider: ExternalMetricProvider {
    public let descriptor: MetricDescriptor
    public let origin: MetricOrigin
    let connection: PluginConnection
    let filter: PluginInputFilter

    /// An adapter for `descriptor` served by `connection`.
    public init(
        descriptor: MetricDescriptor, origin: MetricOrigin, connection: PluginConnection,
        filter: PluginInputFilter
    ) {
        self.descriptor = descriptor
        self.origin = origin
        self.connection = connection
        self.filter = filter
    }

    /// The evaluation timeout: the manifest's, 10 s by default, never more than 60 s.
    public var timeout: Duration {
        let s = min(60, max(0.1, descriptor.timeoutSeconds ?? 10))
        return .milliseconds(Int64(s * 1000))
    }

    public func evaluate(_ input: MetricInput) throws -> MetricResult {
        let sent = filter.apply(input, declared: descriptor.inputs)
        let answer = try connection.evaluate(
            provider: descriptor.id, input: sent, timeout: timeout)
        do {
            return try ResultValidator.validate(answer, for: descriptor)
        } catch let failure as PluginFailure {
            throw PluginError(plugin: origin.id, failure: failure)
        }
    }
}
