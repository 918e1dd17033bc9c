import CoachApp
import CoachPlugins

extension ErrorText {
    /// A plugin failure, with the command that fixes it where there is one.
    static func message(for error: PluginError) -> String {
        let base = error.errorDescription ?? "plugin '\(error.plugin)' failed"
        if case .executableChanged(let path) = error.failure {
            return base + "; check it, then run 'coach plugin add \(path)' to trust it again"
        }
        if case .recordNotSigned = error.failure {
            return base + "; check it, then run 'coach plugin add PATH' to trust it again"
        }
        return base
    }

    /// A plugin request that cannot be served, with the command that helps.
    static func message(for error: PluginUseError) -> String {
        let base = error.errorDescription ?? "plugin request failed"
        switch error {
        case .notAdded: return base + "; see 'coach plugin list'"
        case .kindNotDeclared, .unknownKind: return base + "; fix --grant"
        case .metricClash, .notExecutable: return base
        }
    }
}
