import CoachKit
import Foundation

/// What is wrong with a plugin request itself (before or apart from running the plugin).
public enum PluginUseError: LocalizedError, Equatable, Sendable {
    /// No plugin with that id was added.
    case notAdded(String)
    /// A metric of the plugin has the id of a metric coach already has.
    case metricClash(plugin: String, metric: String)
    /// The owner granted a kind none of the plugin's metrics declares.
    case kindNotDeclared(plugin: String, kind: String, declared: [String])
    /// A kind name is not a data kind.
    case unknownKind(String)
    /// The file is not an executable.
    case notExecutable(String)

    public var errorDescription: String? {
        switch self {
        case .notAdded(let id): "no metric plugin '\(id)' has been added to this workspace"
        case .metricClash(let plugin, let metric):
            "plugin '\(plugin)' offers metric '\(metric)', which is already registered"
        case .kindNotDeclared(let plugin, let kind, let declared):
            "plugin '\(plugin)' does not ask for \(kind); it asks for "
                + (declared.isEmpty ? "nothing" : declared.joined(separator: ", "))
        case .unknownKind(let kind):
            "'\(kind)' is not a data kind; kinds are "
                + InputKind.allCases.map(\.rawValue).joined(separator: ", ")
        case .notExecutable(let path): "\(path) is not an executable file"
        }
    }
}

extension PluginUseError: CoachFailure {
    public var category: FailureCategory {
        switch self {
        case .notAdded, .notExecutable: .notFound
        case .metricClash: .conflict
        case .kindNotDeclared, .unknownKind: .usage
        }
    }
}
