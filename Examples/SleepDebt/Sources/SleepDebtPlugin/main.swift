import CoachPluginSDK

// The whole plugin: one provider, one call.
PluginServer.serve(
    id: "sleep-debt", name: "Sleep debt", version: "1.0.0", providers: [SleepDebtMetric()])
