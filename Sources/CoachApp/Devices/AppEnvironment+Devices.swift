import CoachLocal
import Foundation

extension AppEnvironment {
    /// Where this machine keeps its device keys for the workspace at `path`:
    /// `$XDG_STATE_HOME/coach/devices` (default `~/.local/state/coach/devices`).
    public func deviceKeys(for path: String) -> DeviceKeyStore {
        DeviceKeyStore(workspacePath: path, environment: variables)
    }

    /// The name a new device of this machine gets: `COACH_DEVICE_NAME`, else the host name.
    public var deviceName: String {
        if let name = variables["COACH_DEVICE_NAME"], !name.isEmpty { return name }
        return ProcessInfo.processInfo.hostName
    }
}
