import CoachKit
import CoachSync
import CoachTrust

/// The checks of a posted check-in item that need only the verified roster and the clock, in
/// order: the device is a check-in device and not revoked; its approver still qualifies and
/// the item is for its athlete; the signature is the device's; the epoch is the athlete's
/// current one, with an inbox key; the phone's clock is not more than 24 hours ahead.
enum InboxCheck {
    /// Refuses `item` with the first check it fails.
    ///
    /// - Throws: `CheckinProblem` (`device_revoked`, `out_of_role`, `bad_signature`,
    ///   `wrong_epoch`, `clock_ahead`).
    static func check(_ item: CheckinItem, roster: VerifiedRoster, now: Int64) throws {
        guard let device = roster.checkinDevices[item.device] else {
            throw CheckinProblem(
                .deviceRevoked, "device \(item.device) is not a check-in device of this roster")
        }
        guard device.revocation == nil else {
            throw CheckinProblem(.deviceRevoked, "check-in device \(item.device) is revoked")
        }
        guard item.athlete == device.certificate.athleteId else {
            throw CheckinProblem(
                .outOfRole, "check-in device \(item.device) posts for another athlete only")
        }
        guard roster.mayVouch(device.approver, for: item.athlete) else {
            throw CheckinProblem(
                .outOfRole,
                "the approver of check-in device \(item.device) no longer holds athlete "
                    + "\(item.athlete): pair the phone again")
        }
        guard item.signatureValid(devicePK: device.certificate.signPK) else {
            throw CheckinProblem(
                .badSignature, "the item is not signed by check-in device \(item.device)")
        }
        let current = roster.access[item.athlete]?.epoch.epoch ?? 0
        guard item.epoch == current, roster.currentInboxKey(item.athlete) != nil else {
            throw CheckinProblem(
                .wrongEpoch,
                "the item is sealed to epoch \(item.epoch); the athlete's current epoch is "
                    + "\(current)"
                    + (roster.currentInboxKey(item.athlete) == nil ? ", with no inbox key yet" : "")
                    + ": refresh and seal again")
        }
        guard item.sentAt <= now + SyncLimits.checkinClockAheadMilliseconds else {
            throw CheckinProblem(
                .clockAhead, "the item's sent_at is more than 24 hours ahead of the server")
        }
    }
}
