import CoachApp

extension ErrorText {
    /// A plugin failure, with the command that fixes it where there is one.
    static func message(for error: PluginUseError) -> String {
        let base = error.errorDescription ?? "plugin request failed"
        switch error {
        case .notAdded: return base + "; see 'coach plugin list'"
        case .kindNotDeclared, .unknownKind: return base + "; fix --grant"
        case .metricClash, .notExecutable: return base
        }
    }
}
