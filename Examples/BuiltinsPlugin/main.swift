import CoachKit
import CoachMetrics
import CoachPluginSDK

// Serves coach's own built-in metrics through the plugin SDK. The test suite compares its
// answers with the same providers evaluated in-process: whatever a built-in needs, the protocol
// carries. Its metric ids clash with the built-ins, so it is not meant to be added to a workspace.
PluginServer.serve(
    id: "builtins", name: "Built-in metrics over the protocol", version: "1.0.0",
    providers: BuiltinPlugins.all.map { $0 as any MetricProvider })
