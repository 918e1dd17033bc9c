import CoachPluginProtocol
import Foundation

/// An executable that looks like a plugin (`coach-metric-<id>`) found in a search folder.
public struct PluginCandidate: Codable, Sendable, Equatable {
    public var id: String
    public var path: String
    /// Which folder list it was found through (`workspace`, `data-home`, `plugin-path`, `path`).
    public var source: String
}

/// Finds plugin executables in the folders coach searches.
public struct PluginDiscovery: Sendable {
    /// The folders searched, in order, with the name of the list each came from.
    public let folders: [(folder: String, source: String)]

    /// The search folders for a workspace file and an environment.
    public init(workspacePath: String, variables: [String: String]) {
        var folders: [(String, String)] = []
        let workspaceFolder = URL(fileURLWithPath: workspacePath).deletingLastPathComponent()
        folders.append((workspaceFolder.appendingPathComponent("plugins").path, "workspace"))
        let dataHome =
            variables["XDG_DATA_HOME"] ?? variables["HOME"].map { $0 + "/.local/share" }
        if let dataHome { folders.append((dataHome + "/coach/plugins", "data-home")) }
        for f in (variables["COACH_PLUGIN_PATH"] ?? "").split(separator: ":") {
            folders.append((String(f), "plugin-path"))
        }
        for f in (variables["PATH"] ?? "").split(separator: ":") {
            folders.append((String(f), "path"))
        }
        self.folders = folders
    }

    /// Every `coach-metric-<id>` executable in the folders, first occurrence of each id.
    public func candidates() -> [PluginCandidate] {
        let fm = FileManager.default
        var seen = Set<String>()
        var found: [PluginCandidate] = []
        for (folder, source) in folders {
            let names = (try? fm.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasPrefix(PluginProtocol.executablePrefix) {
                let path = folder + "/" + name
                guard fm.isExecutableFile(atPath: path) else { continue }
                let id = PluginInspector.fileID(path)
                if seen.insert(id).inserted {
                    found.append(PluginCandidate(id: id, path: path, source: source))
                }
            }
        }
        return found
    }
}
