import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// The athlete and day a metrics command looks at.
struct MetricsTarget: ParsableArguments {
    @Option(
        name: [.customShort("a"), .long], help: "The athlete (athlete users may omit it).",
        completion: .athletes) var athlete: String?
    @Option(help: "Look at a past day: yesterday, -3d or YYYY-MM-DD (default today).") var date:
        String?

    /// The athlete as a typed handle.
    var handle: Handle? { athlete.map(Handle.init) }
}

struct MetricsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metrics", abstract: "Every metric of one athlete on one day.",
        discussion: HelpExamples.metrics)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: MetricsTarget
    @OptionGroup var output: OutputOptions
    @Option(help: "Only these providers, e.g. readiness,stress.") var provider: String?
    @Flag(help: "Exit non-zero when any provider reports an error.") var strict = false

    func run() throws {
        try guarded {
            let ids = provider.map { $0.split(separator: ",").map(String.init) } ?? []
            let (view, results) = try global.session().metrics(
                target.handle, date: target.date, providers: ids)
            if output.json {
                print(
                    try Render.json(
                        results, shape: "metrics", key: "metrics",
                        encoder: MetricResult.makeEncoder(pretty: true)))
            } else {
                print(Terminal.bold("\(view.name) · \(view.moment.day)"))
                print(
                    Render.table(
                        ["METRIC", "SCORE", "BAND", "STATUS", "NOTE"],
                        results.map { r in
                            [
                                DashboardText.label(r), r.score.map(String.init) ?? "–",
                                Terminal.paint(r.band?.name ?? "", hex: r.band?.colour),
                                r.status.rawValue, r.reason ?? r.flags.joined(separator: ", "),
                            ]
                        }))
            }
            if strict && results.contains(where: { $0.status == .error }) { throw ExitCode(1) }
        }
    }
}

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain", abstract: "How one metric came out as it did.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Provider id, e.g. readiness.") var provider: String
    @OptionGroup var target: MetricsTarget
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            let (view, r) = try global.session().explain(
                provider, athlete: target.handle, date: target.date)
            if output.json {
                print(
                    try Render.json(
                        r, shape: "explain", encoder: MetricResult.makeEncoder(pretty: true)))
                return
            }
            let score = r.score.map(String.init) ?? "–"
            print(
                Terminal.bold(
                    "\(DashboardText.label(r)) for \(view.name) on \(view.moment.day): \(score)")
                    + " "
                    + Terminal.paint(r.band?.name ?? r.status.rawValue, hex: r.band?.colour))
            if let reason = r.reason { print(reason) }
            if !r.explanation.isEmpty { print(r.explanation) }
            if !r.components.isEmpty {
                print(
                    Render.table(
                        ["COMPONENT", "VALUE", "WEIGHT", "NOTE"],
                        r.components.map {
                            [
                                $0.name, Render.number($0.value, digits: 2),
                                Render.number($0.weight, digits: 2), $0.note,
                            ]
                        }))
            }
            if !r.flags.isEmpty { print("flags: " + r.flags.joined(separator: ", ")) }
        }
    }
}
