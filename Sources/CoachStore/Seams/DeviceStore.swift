import CoachKit

/// The machines users sign in on: this machine's device, listing and revoking devices.
public protocol DeviceStore: AnyObject {
    func ensureDevice(sealedKey: [UInt8]?, name: String, as actor: Principal) throws
        -> DeviceEnrolment
    func devices(thisDevice: DeviceID?, as actor: Principal) throws -> [DeviceSummary]
    func revokeDevice(_ prefix: String, as actor: Principal) throws -> DeviceSummary
}

extension Workspace: DeviceStore {}
