import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct PluginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugin", abstract: "Third-party metric plugins (coach-metric-<id>).",
        subcommands: [
            PluginAddCommand.self, PluginListCommand.self, PluginInfoCommand.self,
            PluginRemoveCommand.self, PluginCheckCommand.self,
        ])
}

struct PluginAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract:
            "Trust a plugin: pin its SHA-256, then (asked) its handshake and the data it wants.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The executable, or the id of one 'plugin list --available' shows.")
    var plugin: String
    @Option(help: "Grant only these data kinds, e.g. wellness,sleep (default: all it asks for).")
    var grant: String?
    @Flag(help: "Do not ask for confirmation.") var yes = false
    @Flag(
        help: "Let it run where this machine cannot sandbox plugins (recorded and signed).")
    var allowUnsandboxed = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            let session = try global.session()
            var path = plugin
            if !plugin.contains("/"),
                let found = try session.availablePlugins().first(where: { $0.id == plugin })
            {
                path = found.path
            }
            // Nothing of the file runs before the owner agrees, not even its handshake.
            let file = try session.openPlugin(path: path)
            if !output.json { print(PluginText.file(file)) }
            try Confirm.destructive(
                "Run this executable, sandboxed, to ask what it needs?", yes: yes, action: "add")
            let inspection = try session.inspectPlugin(file, allowUnsandboxed: allowUnsandboxed)
            if !output.json { print(PluginText.manifest(inspection)) }
            try Confirm.destructive(
                "Add plugin '\(inspection.id)' with these data kinds?", yes: yes, action: "add")
            let grants = grant.map { $0.split(separator: ",").map(String.init) }
            let summary = try session.addPlugin(
                inspection, grant: grants, allowUnsandboxed: allowUnsandboxed)
            if output.json {
                print(try Render.json(summary, shape: "plugin-added", encoder: PluginText.encoder))
            } else {
                print(
                    "Added plugin \(summary.id) \(summary.version) "
                        + "(sha256 \(summary.sha256.prefix(16))…), granted: "
                        + PluginText.kinds(summary.granted))
            }
        }
    }
}

struct PluginListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "The plugins added to this workspace.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Also list plugin executables found in the search folders and on PATH.")
    var available = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            let session = try global.session()
            let plugins = try session.plugins()
            let found = available ? try session.availablePlugins() : []
            if output.json {
                print(
                    try Render.json(
                        PluginText.Listing(added: plugins, available: found), shape: "plugin-list",
                        encoder: PluginText.encoder))
                return
            }
            print(PluginText.list(plugins))
            if available {
                print(
                    found.isEmpty
                        ? "No other plugin executables found."
                        : Render.table(
                            ["AVAILABLE", "PATH", "FOUND IN"],
                            found.map { [$0.id, $0.path, $0.source] }))
            }
        }
    }
}

struct PluginInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "One plugin, and which protections plugins run under on this machine.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The plugin id.") var id: String
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            let info = try global.session().pluginInfo(id)
            print(
                output.json
                    ? try Render.json(info, shape: "plugin-info", encoder: PluginText.encoder)
                    : PluginText.info(info))
        }
    }
}

struct PluginRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Stop trusting a plugin (its results disappear).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The plugin id.") var id: String

    func run() throws {
        try guarded {
            try global.session().removePlugin(id)
            print("Removed plugin \(id).")
        }
    }
}

struct PluginCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Handshake and one evaluation per metric on made-up data.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The plugin id.") var id: String
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            let check = try global.session().checkPlugin(id)
            if output.json {
                print(
                    try Render.json(
                        check.results, shape: "plugin-check", key: "results",
                        encoder: PluginText.encoder))
            } else {
                print(
                    Render.table(
                        ["METRIC", "SCORE", "STATUS", "NOTE"],
                        check.results.map {
                            [
                                $0.id, $0.score.map(String.init) ?? "–", $0.status.rawValue,
                                $0.reason ?? DashboardText.firstSentence($0.explanation),
                            ]
                        }))
            }
            if !check.ok { throw ExitCode(ExitStatus.invalidData) }
        }
    }
}
