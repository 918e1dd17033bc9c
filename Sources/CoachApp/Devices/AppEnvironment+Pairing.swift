import CoachLocal

extension AppEnvironment {
    /// The web pairings waiting for approval of the devices of the workspace at `path`.
    public func pairings(for path: String) -> DeviceFileStore {
        DeviceFileStore.pairings(workspacePath: path, environment: variables)
    }
}
