import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust

/// The checks on a restore push (`restore: true`, after the owner's log reset) that read the
/// verified roster and no table: the roster holds a reset; every envelope is well formed, of
/// this workspace, stamped no later than the last reset, signed by its own device, which the
/// roster certifies (a revoked one for what it signed before its revocation); its author held
/// the athlete at the change's epoch; and the signed-in user reads the stream. The device's
/// chain is not checked: replicas keep each record's last change only.
///
/// A restore is bounded: only within `window` of the last reset's time (the owner's clock,
/// against this server's: a skew of minutes is nothing against days), and only changes stamped
/// no later than that time. Where a device's chain stands here is checked by the store
/// (`SyncStore.restore`).
public enum RestoreCheck {
    /// How long after the owner's last log reset restore pushes are taken: 14 days.
    public static let window: Int64 = 14 * 86_400_000

    /// Decodes and checks every change of a restore batch.
    ///
    /// - Parameters:
    ///   - encoded: the envelopes as pushed.
    ///   - session: the signed-in device and its user.
    ///   - roster: the workspace's verified roster.
    ///   - now: the server's time, in Unix milliseconds.
    /// - Returns: the envelopes, in order.
    /// - Throws: `SyncProblem` naming the first change refused (`no_log_reset` before any
    ///   reset, after its window, or for a change stamped after the last one).
    public static func check(
        _ encoded: [[UInt8]], session: SessionDevice, roster: VerifiedRoster, now: Int64
    ) throws -> [ChangeEnvelope] {
        let resetTime = roster.roster.logResetTime
        guard roster.roster.logResetCounter > 0 else {
            throw SyncProblem.refuse(
                .noLogReset, "a restore push needs the owner's log reset on the roster first")
        }
        guard now <= resetTime &+ window else {
            throw SyncProblem.refuse(
                .noLogReset,
                "the owner's last log reset is more than 14 days old: its restore is closed; "
                    + "push changes as changes of their own device")
        }
        var envelopes: [ChangeEnvelope] = []
        for (index, bytes) in encoded.enumerated() {
            let envelope: ChangeEnvelope
            do {
                envelope = try ChangeEnvelope.decode(bytes)
            } catch let rejection as ChangeRejection {
                throw SyncProblem.change(rejection, index: index)
            }
            guard envelope.clock.milliseconds <= resetTime else {
                throw SyncProblem.refuse(
                    .noLogReset,
                    "change \(index) is stamped after the owner's last log reset: push it as a "
                        + "change of its own device", device: envelope.device, change: index)
            }
            guard let device = roster.devices[envelope.device] else {
                throw SyncProblem.refuse(
                    .deviceRevoked,
                    "change \(index) is signed by device \(envelope.device), which the roster "
                        + "does not certify", device: envelope.device, change: index)
            }
            let before = device.revocation.map { envelope.clock.milliseconds < $0.revokedAt }
            do {
                try ChangeVerifier.verifySignature(
                    envelope, device: device, workspaceId: roster.roster.workspaceId,
                    allowRevoked: before ?? false)
            } catch let rejection as ChangeRejection {
                throw SyncProblem.change(rejection, index: index)
            }
            try checkStream(envelope, index: index, session: session, roster: roster)
            try checkAuthor(envelope, index: index, author: device.user, roster: roster)
            envelopes.append(envelope)
        }
        return envelopes
    }

    /// The change is of an athlete stream the signed-in user reads.
    static func checkStream(
        _ envelope: ChangeEnvelope, index: Int, session: SessionDevice, roster: VerifiedRoster
    ) throws {
        guard case .athlete(let athlete) = envelope.stream, roster.access[athlete] != nil else {
            throw SyncProblem.refuse(
                .unknownStream, "change \(index) is not of an athlete on the roster",
                device: envelope.device, change: index)
        }
        guard roster.mayRead(athlete, user: session.user) else {
            throw SyncProblem.refuse(
                .outOfRole,
                "change \(index): user \(session.user.handle) does not read athlete "
                    + "\(athlete)'s stream, so cannot give its changes back",
                device: envelope.device, change: index)
        }
    }

    /// The author held the athlete at the change's epoch: the owner, the athlete's own user
    /// (a week only patched), or a grant of that epoch.
    static func checkAuthor(
        _ envelope: ChangeEnvelope, index: Int, author: UserCertificate, roster: VerifiedRoster
    ) throws {
        guard case .athlete(let athlete) = envelope.stream,
            let access = roster.access[athlete]
        else { return }
        let current = Int64(access.epoch.epoch)
        let held: Bool
        switch author.role {
        case .owner: held = true
        case .athlete:
            held =
                author.athleteId == athlete.rawValue
                && (envelope.kind != RecordKind.week.rawValue || envelope.operation == .patch)
        case .coach:
            if envelope.epoch == current {
                held = access.holds(author.userId)
            } else {
                let grants = roster.roster.rows.grantRows[athlete.rawValue]?[Int(envelope.epoch)]
                held = (grants ?? []).contains { $0.userId == author.userId }
            }
        }
        guard held, envelope.epoch >= 1, envelope.epoch <= current else {
            throw SyncProblem.refuse(
                .outOfRole,
                "change \(index): user \(author.handle) held no grant of athlete \(athlete) at "
                    + "key epoch \(envelope.epoch)", device: envelope.device, change: index)
        }
    }
}
