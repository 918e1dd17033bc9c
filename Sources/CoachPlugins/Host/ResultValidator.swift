import CoachKit
import Foundation

/// Checks a plugin's answer against its manifest before coach shows it.
public enum ResultValidator {
    /// The result as coach shows it, or why it is refused.
    ///
    /// The id must be the provider's, every number finite, the score within the declared range;
    /// the band is taken from the manifest's bands, not from the plugin's answer.
    /// - Throws: `PluginFailure.invalidResult`.
    public static func validate(_ result: MetricResult, for descriptor: MetricDescriptor) throws
        -> MetricResult
    {
        guard result.id == descriptor.id else {
            throw PluginFailure.invalidResult(
                "answered for '\(result.id)' instead of '\(descriptor.id)'")
        }
        guard result.isFinite else {
            throw PluginFailure.invalidResult("a number is not finite (NaN or infinity)")
        }
        var checked = result
        if result.status == .ok {
            guard let score = result.score else {
                throw PluginFailure.invalidResult("status ok without a score")
            }
            let range = descriptor.range
            guard Double(score) >= range.min && Double(score) <= range.max else {
                throw PluginFailure.invalidResult(
                    "score \(score) outside the declared range \(Self.text(range.min))"
                        + "–\(Self.text(range.max))")
            }
            checked.band = descriptor.band(for: score)?.label
        }
        checked.explanation = String(checked.explanation.prefix(4000))
        checked.reason = checked.reason.map { String($0.prefix(1000)) }
        return checked
    }

    private static func text(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}
