import CoachKit
import CoachSync
import CoachTrust

extension ServerRoster {
    /// A check-in device and its revocation, if any.
    public struct CheckinDevice: Sendable, Equatable {
        public var certificate: CheckinDeviceCertificate
        public var revocation: DeviceRevocation?
    }

    /// Takes a check-in device: a new id (of no full device either) of a live athlete.
    mutating func applyCheckin(_ device: RosterCheckinDevice) throws {
        guard devices[device.device] == nil, checkinDevices[device.device] == nil else {
            throw RosterRefusal("device \(device.device) is certified already")
        }
        try requireLive(device.athlete)
        checkinDevices[device.device] = CheckinDevice(certificate: device.certificate)
    }

    /// Takes the revocation of a check-in device, never withdrawn nor repeated.
    mutating func applyCheckin(_ revocation: DeviceRevocation) throws {
        guard var device = checkinDevices[revocation.deviceId], device.revocation == nil else {
            throw RosterRefusal("device \(revocation.deviceId) is unknown or revoked already")
        }
        device.revocation = revocation
        checkinDevices[revocation.deviceId] = device
    }

    /// Takes an inbox key: one per athlete and epoch, of an epoch the roster holds.
    mutating func applyCheckin(_ key: RosterInboxKey) throws {
        let id = key.athlete
        try requireLive(id)
        guard key.epoch >= 1, key.epoch <= rows.epochRows[id.rawValue]?.count ?? 0 else {
            throw RosterRefusal("an inbox key names epoch \(key.epoch) of athlete \(id)")
        }
        guard inboxKeys[id]?[key.epoch] == nil else {
            throw RosterRefusal("epoch \(key.epoch) of athlete \(id) has an inbox key already")
        }
        inboxKeys[id, default: [:]][key.epoch] = key.statement
    }
}
