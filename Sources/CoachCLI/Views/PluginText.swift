import CoachApp
import CoachKit
import Foundation

/// Renders the plugin commands' output.
enum PluginText {
    /// `plugin list --json`.
    struct Listing: Encodable {
        var added: [PluginSummary]
        var available: [AvailablePlugin]
    }

    /// The encoder of the plugin commands' `--json`, the same as `metrics --json`.
    static var encoder: JSONEncoder { MetricResult.makeEncoder(pretty: true) }

    static func kinds(_ kinds: [InputKind]) -> String {
        kinds.isEmpty ? "nothing" : kinds.map(\.rawValue).joined(separator: ", ")
    }

    /// The file a plugin is, shown before any of it runs.
    static func file(_ f: PluginFile) -> String {
        ["executable  \(f.path)", "sha256      \(f.sha256)"].joined(separator: "\n")
    }

    /// What a plugin announces, shown before it is trusted.
    static func manifest(_ i: PluginReview) -> String {
        var out = [Terminal.bold("\(i.name) (\(i.id) \(i.version))")]
        for m in i.metrics {
            let inputs = m.inputs.map { r in
                r.kind.rawValue + (r.days.map { " (\($0) days)" } ?? " (all history)")
            }
            out.append("metric      \(m.id): \(m.summary)")
            out.append(
                "  asks for  " + (inputs.isEmpty ? "nothing" : inputs.joined(separator: ", ")))
        }
        return out.joined(separator: "\n")
    }

    static func list(_ plugins: [PluginSummary]) -> String {
        guard !plugins.isEmpty else { return "No plugins added." }
        return Render.table(
            ["PLUGIN", "VERSION", "METRICS", "GRANTED", "PINNED", "PATH"],
            plugins.map {
                [
                    $0.id, $0.version, $0.metrics.map(\.id).joined(separator: ", "),
                    kinds($0.granted),
                    $0.pinned ? "yes" : Terminal.paint("CHANGED", hex: "#E53E3E"), $0.path,
                ]
            })
    }

    static func info(_ info: PluginInfo) -> String {
        let p = info.plugin
        var out = [
            Terminal.bold("\(p.name) (\(p.id) \(p.version))"), "executable  \(p.path)",
            "sha256      \(p.sha256)"
                + (p.pinned
                    ? "" : Terminal.paint("  (executable CHANGED since added)", hex: "#E53E3E")),
            "added       \(p.addedAt)", "asks for    \(kinds(p.declared))",
            "granted     \(kinds(p.granted))",
            "sandbox     "
                + (p.unsandboxed
                    ? "may run without it where this machine cannot sandbox plugins"
                    : "required"),
            "metrics     " + p.metrics.map(\.id).joined(separator: ", "), "",
            "Protections on this machine:",
        ]
        out.append(
            Render.table(
                ["PROTECTION", "IN FORCE", "DETAIL"],
                info.protections.map { [$0.name, $0.active ? "yes" : "NO", $0.detail] }))
        return out.joined(separator: "\n")
    }
}
