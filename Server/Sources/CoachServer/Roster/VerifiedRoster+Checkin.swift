import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust

extension VerifiedRoster {
    /// Verifies every check-in device and its revocation (`CheckinDeviceVerifier`) and every
    /// inbox key (the owner's signature).
    ///
    /// - Throws: `TrustError` for a device that does not verify; `RosterRefusal` for an inbox
    ///   key the owner did not sign.
    static func verifyCheckin(_ roster: ServerRoster, book: CertificateBook) throws
        -> [DeviceID: CheckinDeviceVerifier.Verified]
    {
        for (athlete, keys) in roster.inboxKeys {
            for (epoch, key) in keys where !key.verifies(anchor: roster.anchor) {
                throw RosterRefusal(
                    "the inbox key of epoch \(epoch) of athlete \(athlete) is not signed by "
                        + "the owner")
            }
        }
        let verifier = CheckinDeviceVerifier(anchor: roster.anchor, book: book)
        var verified: [DeviceID: CheckinDeviceVerifier.Verified] = [:]
        for (id, device) in roster.checkinDevices {
            verified[id] = try verifier.verify(
                device.certificate, revocation: device.revocation, in: roster.rows)
        }
        return verified
    }

    /// Checks what only holds when an entry is pushed: a check-in device's approver must
    /// qualify for its athlete then (`CheckinDeviceVerifier.qualifies`), and a revocation of
    /// one must come from the owner, its approver, the athlete's user or staff holding the
    /// athlete. (Later, a roster where they no longer do still verifies: the device just
    /// stops posting.)
    ///
    /// - Throws: `RosterRefusal` naming the entry.
    func requireStanding(of entries: [RosterEntry]) throws {
        for entry in entries {
            switch entry {
            case .checkinDevice(let device):
                guard let verified = checkinDevices[device.device],
                    mayVouch(verified.approver, for: device.athlete)
                else {
                    throw RosterRefusal(
                        "user \(device.approver) may not approve a check-in device of athlete "
                            + "\(device.athlete)")
                }
            case .deviceRevocation(let revocation):
                guard let verified = checkinDevices[revocation.deviceId] else { continue }
                guard let revoker = user(revocation.revokedBy),
                    revoker.userId == verified.approver.userId
                        || mayVouch(revoker, for: verified.certificate.athleteId)
                else {
                    throw RosterRefusal(
                        "user \(revocation.revokedBy) may not revoke check-in device "
                            + "\(revocation.deviceId)")
                }
            default: continue
            }
        }
    }

    /// Whether `user` may vouch for a check-in device of `athlete` now.
    func mayVouch(_ user: UserCertificate, for athlete: AthleteID) -> Bool {
        CheckinDeviceVerifier.qualifies(user, athlete: athlete, access: access[athlete])
    }

    /// The inbox key of the athlete's current epoch, if the roster has one.
    func currentInboxKey(_ athlete: AthleteID) -> InboxKeyStatement? {
        guard let epoch = access[athlete]?.epoch.epoch else { return nil }
        return roster.inboxKeys[athlete]?[epoch]
    }
}
