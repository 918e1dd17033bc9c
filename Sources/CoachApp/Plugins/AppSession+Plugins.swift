import CoachKit
import CoachMetrics
import CoachPluginProtocol
import CoachPlugins
import CoachStore
import Foundation

extension AppSession {
    /// How this command starts plugins: the standard sandbox, private directories under the
    /// environment's temporary folder.
    var pluginContext: PluginContext {
        PluginContext(
            host: PeerInfo(name: "coach", version: AppSession.version),
            temporaryRoot: environment.variables["TMPDIR"] ?? "/tmp")
    }

    /// The version coach announces to plugins.
    public static let version = "0.1.0"

    /// The providers a view evaluates: the built-ins, then every added plugin's metrics.
    ///
    /// Plugin processes start only when a plugin metric is first evaluated, one per plugin for
    /// the whole command, and end with the session.
    public func registry() throws -> ProviderRegistry {
        var registry = ProviderRegistry.builtins
        let host = try pluginHostForCommand()
        for provider in host.providers where registry.provider(id: provider.id) == nil {
            try registry.register(provider)
        }
        return registry
    }

    func pluginHostForCommand() throws -> PluginHost {
        if let pluginHost { return pluginHost }
        let records = try pluginRecords()
        let workspace = self.workspace
        let principal = self.principal
        let host = PluginHost(records: records, context: pluginContext) { id in
            try? workspace.pluginReferenceKey(pluginID: id, as: principal)
        }
        pluginHost = host
        return host
    }

    /// The added plugins with their handshakes decoded.
    ///
    /// - Throws: `StoreError.corrupt` for an entry whose handshake no longer decodes.
    func pluginRecords() throws -> [PluginRecord] {
        try workspace.plugins(as: principal).map { try Self.record($0) }
    }

    static func record(_ entry: PluginEntry) throws -> PluginRecord {
        guard
            let manifest = try? JSONDecoder().decode(
                InitializeResult.self, from: Data(entry.manifest.utf8))
        else { throw StoreError.corrupt("the recorded handshake of plugin \(entry.id)") }
        var record = PluginRecord(
            id: entry.id, path: entry.path, sha256: entry.sha256, manifest: manifest,
            granted: entry.granted)
        record.unsigned = !entry.signed
        record.unsandboxed = entry.unsandboxed
        return record
    }

    /// Opens and hashes the executable at `path` without running any of it: what `plugin add`
    /// shows and asks about before the handshake.
    ///
    /// - Throws: `StoreError.permissionDenied` unless the owner asks;
    ///   `PluginUseError.notExecutable`; `PluginError` when the file or a folder above it could
    ///   be changed by someone else.
    public func openPlugin(path: String) throws -> PluginFile {
        // Refuse before anything else: only the owner may add plugins.
        guard principal.role == .owner else {
            throw StoreError.permissionDenied("only the owner adds metric plugins")
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        guard FileManager.default.isExecutableFile(atPath: absolute) else {
            throw PluginUseError.notExecutable(path)
        }
        do {
            return PluginFile(executable: try PinnedExecutable(path: absolute))
        } catch let failure as PluginFailure {
            throw PluginError(plugin: PluginInspector.fileID(absolute), failure: failure)
        }
    }

    /// Runs the handshake of a file the owner agreed to run (sandboxed, that very open file)
    /// without trusting it yet (`plugin add` shows this before asking to add it).
    ///
    /// - Throws: `StoreError.permissionDenied` unless the owner asks; `PluginError` when the
    ///   handshake fails or the sandbox is incomplete; `PluginUseError.metricClash` when a
    ///   metric id is taken by a built-in or another plugin.
    ///
    /// - Parameter allowUnsandboxed: run it even where a required protection is missing (the
    ///   owner's explicit choice, recorded with the plugin when it is added).
    public func inspectPlugin(_ file: PluginFile, allowUnsandboxed: Bool = false) throws
        -> PluginReview
    {
        guard principal.role == .owner else {
            throw StoreError.permissionDenied("only the owner adds metric plugins")
        }
        var context = pluginContext
        context.policy.allowUnsandboxed = allowUnsandboxed
        let inspection = try PluginInspector.inspect(file.executable, context: context)
        var taken = Set(ProviderRegistry.builtins.ids)
        for other in try pluginRecords() where other.id != inspection.id {
            taken.formUnion(other.manifest.providers.map(\.id))
        }
        for metric in inspection.manifest.providers where taken.contains(metric.id) {
            throw PluginUseError.metricClash(plugin: inspection.id, metric: metric.id)
        }
        return PluginReview(inspection: inspection)
    }

    /// Records an inspected plugin with the kinds granted to it (all it declares when `grant`
    /// is nil), pinning its hash; an audited change only the owner may make.
    ///
    /// - Parameter allowUnsandboxed: let it run where this machine cannot sandbox plugins (a
    ///   choice signed with the record).
    /// - Throws: `PluginUseError` for a kind it does not declare; `StoreError.permissionDenied`.
    public func addPlugin(
        _ review: PluginReview, grant: [String]?, allowUnsandboxed: Bool = false
    ) throws -> PluginSummary {
        let inspection = review.inspection
        var record = PluginRecord(
            id: inspection.id, path: inspection.path, sha256: inspection.sha256,
            manifest: inspection.manifest, granted: [])
        let declared = record.declared
        if let grant {
            record.granted = try grant.map { name in
                guard let kind = InputKind(rawValue: name) else {
                    throw PluginUseError.unknownKind(name)
                }
                guard declared.contains(kind) else {
                    throw PluginUseError.kindNotDeclared(
                        plugin: record.id, kind: name, declared: declared.map(\.rawValue))
                }
                return kind
            }
        } else {
            record.granted = declared
        }
        record.granted = Array(Set(record.granted)).sorted()
        let manifest = String(decoding: try PluginProtocol.line(record.manifest), as: UTF8.self)
        var entry = PluginEntry(
            id: record.id, path: record.path, sha256: record.sha256,
            manifest: manifest.trimmingCharacters(in: .newlines), granted: record.granted)
        entry.unsandboxed = allowUnsandboxed
        try workspace.addPlugin(entry, as: principal)
        return try plugins().first { $0.id == record.id }!
    }

    /// The added plugins.
    public func plugins() throws -> [PluginSummary] {
        try workspace.plugins(as: principal).map {
            PluginSummary(try Self.record($0), addedAt: $0.addedAt)
        }
    }

    /// One plugin and the protections plugins get on this machine.
    ///
    /// - Throws: `PluginUseError.notAdded`.
    public func pluginInfo(_ id: String) throws -> PluginInfo {
        guard let plugin = try plugins().first(where: { $0.id == id }) else {
            throw PluginUseError.notAdded(id)
        }
        let context = pluginContext
        return PluginInfo(
            plugin: plugin, protections: context.launcher.protections(for: context.policy))
    }

    /// Removes a plugin (audited; owner only).
    ///
    /// - Throws: `PluginUseError.notAdded`; `StoreError.permissionDenied`.
    public func removePlugin(_ id: String) throws {
        guard try workspace.plugins(as: principal).contains(where: { $0.id == id }) else {
            throw PluginUseError.notAdded(id)
        }
        try workspace.removePlugin(id: id, as: principal)
    }

    /// Runs the plugin's handshake and one evaluation per metric on synthetic data.
    ///
    /// - Throws: `PluginUseError.notAdded`; `PluginError` when the executable changed since it
    ///   was added or cannot start (evaluation failures are error rows of the check instead).
    public func checkPlugin(_ id: String) throws -> PluginCheck {
        guard let record = try pluginRecords().first(where: { $0.id == id }) else {
            throw PluginUseError.notAdded(id)
        }
        do {
            guard !record.unsigned else { throw PluginFailure.recordNotSigned }
            guard try PinnedExecutable(path: record.path).sha256 == record.sha256 else {
                throw PluginFailure.executableChanged(path: record.path)
            }
        } catch let failure as PluginFailure {
            throw PluginError(plugin: id, failure: failure)
        }
        let host = PluginHost(records: [record], context: pluginContext) { _ in nil }
        defer { host.shutdown() }
        let results = host.providers.map { provider -> MetricResult in
            var result: MetricResult
            do {
                result = try provider.evaluate(SyntheticInput.make(for: provider.descriptor))
            } catch {
                let reason = (error as? any LocalizedError)?.errorDescription ?? "\(error)"
                result = .failure(id: provider.id, reason: reason)
            }
            result.plugin = provider.origin
            return result
        }
        return PluginCheck(plugin: id, results: results)
    }

    /// Plugin executables in the search folders that are not added yet: the workspace's
    /// `plugins/` folder, `$XDG_DATA_HOME/coach/plugins` and each folder of `$COACH_PLUGIN_PATH`,
    /// then `PATH` (listed, never trusted automatically).
    public func availablePlugins() throws -> [AvailablePlugin] {
        let added = Set(try workspace.plugins(as: principal).map(\.path))
        return PluginDiscovery(
            workspacePath: workspace.path, variables: environment.variables
        ).candidates().filter { !added.contains($0.path) }
            .map { AvailablePlugin(id: $0.id, path: $0.path, source: $0.source) }
    }
}
