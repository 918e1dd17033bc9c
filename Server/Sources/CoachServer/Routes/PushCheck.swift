import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust

/// The checks on a pushed batch that read the verified roster and no table: every envelope
/// well formed, of this workspace, by the session's device and its user, validly signed, in
/// an athlete stream the author may write, sealed under its current epoch, and not stamped
/// more than 24 hours ahead of the server.
public enum PushCheck {
    /// Decodes and checks every change of a batch.
    ///
    /// - Parameters:
    ///   - encoded: the envelopes as pushed.
    ///   - device: the session's device.
    ///   - roster: the workspace's verified roster.
    ///   - now: the server's time, in Unix milliseconds.
    /// - Returns: the envelopes, in order.
    /// - Throws: `SyncProblem` naming the first change refused.
    public static func check(
        _ encoded: [[UInt8]], device: DeviceID, roster: VerifiedRoster, now: Int64
    ) throws -> [ChangeEnvelope] {
        guard let verified = roster.devices[device] else {
            throw SyncProblem.refuse(.deviceRevoked, "device \(device) is not on the roster")
        }
        let workspace = roster.roster.workspaceId
        var envelopes: [ChangeEnvelope] = []
        for (index, bytes) in encoded.enumerated() {
            let envelope: ChangeEnvelope
            do {
                envelope = try ChangeEnvelope.decode(bytes)
                guard envelope.device == device else {
                    throw ChangeRejection.signerMismatch(device: envelope.device)
                }
                // A body is dropped only by a redaction of the server's own, never pushed so.
                guard !envelope.isRedacted else {
                    throw ChangeRejection.malformed("a pushed change carries no body")
                }
                try ChangeVerifier.verifySignature(
                    envelope, device: verified, workspaceId: workspace)
            } catch let rejection as ChangeRejection {
                throw SyncProblem.change(rejection, index: index)
            }
            try checkStream(envelope, index: index, author: verified.user, roster: roster)
            guard !envelope.clock.isAhead(of: now) else {
                throw SyncProblem.refuse(
                    .clockAhead,
                    "change \(index) of device \(device) is stamped \(envelope.clock), more "
                        + "than 24 hours ahead of the server's clock",
                    device: device, change: index)
            }
            envelopes.append(envelope)
        }
        return envelopes
    }

    /// The stream, role and epoch rules of one change.
    static func checkStream(
        _ envelope: ChangeEnvelope, index: Int, author: UserCertificate, roster: VerifiedRoster
    ) throws {
        let device = envelope.device
        guard case .athlete(let athlete) = envelope.stream else {
            throw SyncProblem.refuse(
                .unknownStream,
                "change \(index) is a roster change: roster entries go through the roster",
                device: device, change: index)
        }
        guard let access = roster.access[athlete] else {
            throw SyncProblem.refuse(
                .unknownStream,
                "change \(index) is for athlete \(athlete), who is not on the roster",
                device: device, change: index)
        }
        let ownStream = author.role == .athlete && author.athleteId == athlete.rawValue
        let allowed =
            author.role == .athlete
            ? ownStream
                && (envelope.kind != RecordKind.week.rawValue || envelope.operation == .patch)
            : access.holds(author.userId)
        guard allowed else {
            throw SyncProblem.refuse(
                .outOfRole,
                "change \(index): user \(author.handle) may not make this change to athlete "
                    + "\(athlete)'s data (no grant of the current key, or not their role)",
                device: device, change: index)
        }
        let current = Int64(access.epoch.epoch)
        guard envelope.epoch == current else {
            throw SyncProblem.refuse(
                .wrongEpoch,
                "change \(index) is sealed under epoch \(envelope.epoch) of athlete "
                    + "\(athlete), whose current epoch is \(current): pull the roster and "
                    + "seal it again",
                device: device, change: index)
        }
    }
}
