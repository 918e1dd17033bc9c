import CoachKit
import CoachPluginProtocol
import Foundation

/// Looks at a plugin before it is trusted: hashes the executable and runs the handshake.
public enum PluginInspector {
    /// What the handshake and the pin say about an executable.
    public struct Inspection: Sendable, Equatable {
        public var path: String
        public var sha256: String
        public var manifest: InitializeResult
        /// The plugin id (from its handshake, equal to its file-name suffix).
        public var id: String { manifest.plugin.id ?? "" }
    }

    /// Opens and hashes `path`, starts that open file sandboxed, runs the handshake and ends it.
    ///
    /// - Throws: `PluginError` when it cannot be started, answers badly or announces an invalid
    ///   manifest (bad ids, no providers, a name that does not match its file name).
    public static func inspect(path: String, context: PluginContext) throws -> Inspection {
        let executable = try wrap(Self.fileID(path)) { try PinnedExecutable(path: path) }
        return try inspect(executable, context: context)
    }

    /// Starts the opened `executable` sandboxed, runs the handshake and ends it.
    ///
    /// - Throws: as `inspect(path:context:)`.
    public static func inspect(_ executable: PinnedExecutable, context: PluginContext) throws
        -> Inspection
    {
        let path = executable.path
        let fileID = Self.fileID(path)
        let connection = PluginConnection(
            pluginID: fileID, host: context.host, initializeTimeout: context.initializeTimeout
        ) { try context.start(executable) }
        defer { connection.shutdown() }
        let manifest = try connection.initialize()
        try wrap(fileID) { try check(manifest, fileID: fileID) }
        return Inspection(path: path, sha256: executable.sha256, manifest: manifest)
    }

    /// The id a file name promises (`coach-metric-<id>` → `<id>`), else the file name.
    public static func fileID(_ path: String) -> String {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let prefix = PluginProtocol.executablePrefix
        let stem = name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name
        return stem.hasSuffix(".py") ? String(stem.dropLast(3)) : stem
    }

    /// Refuses a manifest coach cannot register.
    static func check(_ manifest: InitializeResult, fileID: String) throws {
        guard let id = manifest.plugin.id, MetricDescriptor.isValidID(id) else {
            throw PluginFailure.protocolViolation("the plugin id is missing or not valid")
        }
        guard id == fileID else {
            throw PluginFailure.protocolViolation(
                "the plugin calls itself '\(id)' but its file promises '\(fileID)'")
        }
        guard !manifest.providers.isEmpty else {
            throw PluginFailure.protocolViolation("the plugin offers no metric")
        }
        var seen = Set<String>()
        for p in manifest.providers {
            guard MetricDescriptor.isValidID(p.id), seen.insert(p.id).inserted else {
                throw PluginFailure.protocolViolation("metric id '\(p.id)' is invalid or repeated")
            }
            guard p.range.min.isFinite, p.range.max.isFinite, p.range.min <= p.range.max else {
                throw PluginFailure.protocolViolation("metric '\(p.id)' has an invalid range")
            }
            if let t = p.timeoutSeconds, !(t > 0 && t <= 60) {
                throw PluginFailure.protocolViolation(
                    "metric '\(p.id)' asks for a timeout outside 0–60 s")
            }
        }
    }

    private static func wrap<T>(_ id: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let f as PluginFailure {
            throw PluginError(plugin: id, failure: f)
        }
    }
}
