import ActivityPlugin
import AdherencePlugin
import CoachKit
import ExertionPlugin
import NutritionPlugin
import ReadinessPlugin
import SelfAssessmentPlugin
import StressPlugin
import TrainingLoadPlugin

/// The metric providers that ship with coach: the one list, in display order.
///
/// Every folder under `Plugins/` must appear here (a test checks it). Plugins found at run time are
/// added to a copy of `ProviderRegistry.builtins`, never to this list.
public enum BuiltinPlugins {
    /// The built-in provider types, in display order.
    public static let types: [any BuiltinMetricProvider.Type] = [
        ReadinessMetric.self,
        TrainingLoadMetric.self,
        StressMetric.self,
        NutritionMetric.self,
        AdherenceMetric.self,
        SelfAssessmentMetric.self,
        ExertionMetric.self,
        ActivityMetric.self,
    ]

    /// One instance of each built-in provider.
    public static var all: [any BuiltinMetricProvider] { types.map { $0.init() } }

    /// The built-in descriptors.
    public static var descriptors: [MetricDescriptor] { types.map { $0.descriptor } }
}

extension ProviderRegistry {
    /// A registry holding the built-in providers.
    public static var builtins: ProviderRegistry {
        // The built-in ids are distinct and valid (checked by tests), so registration cannot fail.
        try! ProviderRegistry(BuiltinPlugins.all.map { $0 as any MetricProvider })
    }
}
