import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import PostgresNIO

extension SyncStore {
    /// A check-in device's bundle, for a request it signed
    /// (`Authorization: CoachCheckin <device>.<unix seconds>.<b64url signature>` over
    /// `CheckinBytes.bundleRequest`, within `SyncLimits.checkinSkewSeconds` of the server).
    ///
    /// - Parameters:
    ///   - workspace: the path's workspace.
    ///   - device: the path's device.
    ///   - authorization: the header's value.
    ///   - path: the request's path, as signed.
    ///   - now: the server's clock, Unix milliseconds.
    /// - Throws: `CheckinProblem` (`unauthenticated`, `not_found`, `out_of_role`,
    ///   `wrong_epoch`).
    public func checkinBundle(
        _ workspace: String, device: DeviceID, authorization: String, path: String, now: Int64
    ) async throws -> CheckinBundle {
        let prefix = SyncPath.checkinAuthScheme + " "
        let parts =
            authorization.hasPrefix(prefix)
            ? authorization.dropFirst(prefix.count).split(
                separator: ".", omittingEmptySubsequences: false) : []
        guard parts.count == 3, String(parts[0]) == device.rawValue,
            let seconds = Int64(parts[1]), let signature = Base64URL.decode(String(parts[2])),
            (now / 1_000 - SyncLimits.checkinSkewSeconds...now / 1_000
                + SyncLimits.checkinSkewSeconds).contains(seconds)
        else {
            throw CheckinProblem(
                .unauthenticated,
                "send 'Authorization: \(SyncPath.checkinAuthScheme) DEVICE.SECONDS.SIGNATURE' "
                    + "within \(SyncLimits.checkinSkewSeconds) seconds of the server's clock")
        }
        let roster = try await client.withConnection { connection in
            do {
                return try await lockedRoster(workspace, on: connection, lock: .read)
            } catch let problem as SyncProblem where problem.reason == .unknownWorkspace {
                throw CheckinProblem(.notFound, problem.message)
            }
        }
        guard let verified = roster.checkinDevices[device] else {
            throw CheckinProblem(.notFound, "device \(device) is not a check-in device here")
        }
        let signed = CheckinBytes.bundleRequest(
            workspace: workspace, device: device, path: path, seconds: seconds)
        guard
            SigningKeyPair.verify(
                signature, of: signed, publicKey: verified.certificate.signPK)
        else {
            throw CheckinProblem(.unauthenticated, "the request is not signed by device \(device)")
        }
        let athlete = verified.certificate.athleteId
        guard verified.revocation != nil || roster.mayVouch(verified.approver, for: athlete)
        else {
            throw CheckinProblem(
                .outOfRole,
                "the approver of check-in device \(device) no longer holds the athlete: pair "
                    + "the phone again")
        }
        let epoch = roster.access[athlete]?.epoch.epoch ?? 0
        guard let key = roster.currentInboxKey(athlete) else {
            throw CheckinProblem(
                .wrongEpoch, "epoch \(epoch) of the athlete has no inbox key yet")
        }
        return CheckinBundle(
            workspace: workspace, ownerSignPK: roster.roster.registration.ownerSignPK.bytes,
            athlete: athlete, epoch: epoch,
            inboxKey: .init(publicKey: key.publicKey, signature: key.signature),
            revoked: verified.revocation != nil)
    }
}
