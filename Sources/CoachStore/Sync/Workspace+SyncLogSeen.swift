import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

/// A log position a device signed as seen in a pulled change, with the change that names it.
public struct SeenClaim: Equatable, Sendable {
    /// The device that signed the change.
    public let device: DeviceID
    /// The log it had verified when it signed.
    public let position: LogPosition
    /// The change envelope's byte form (kept as evidence when the claim is refused).
    let envelope: [UInt8]
}

extension Workspace {
    /// The distinct log positions the page's changes name as seen, that a consistency proof
    /// to the served head must cover: not the served head's own position, nor the head this
    /// replica verified (already proved), nor those of changes stamped before the owner's
    /// newest log reset on the verified roster (taken here or not). Nothing while no log is
    /// checked.
    ///
    /// - Parameters:
    ///   - changes: the page's changes.
    ///   - served: the answer's tree head (already checked by `verifyLogHead`).
    ///   - actor: the signed-in user, whose trust anchor the key answers to.
    /// - Returns: the claims, each position once, in the page's order.
    public func seenClaims(
        _ changes: [ReceivedChange], under served: ServerTreeHead?, as actor: Principal
    ) throws -> [SeenClaim] {
        let (key, held, resetTime) = try read { db in
            (
                try logKey(db, anchor: actor.anchor), try logHead(db),
                try logResetTime(db, anchor: actor.anchor)
            )
        }
        guard key != nil, let head = served?.signedTreeHead else { return [] }
        var claims: [SeenClaim] = []
        var taken: Set<LogPosition> = [head.position]
        if let held { taken.insert(held.position) }
        for change in changes {
            // A change stamped before the owner's last log reset may name a head of the log
            // the reset gave up, which no server can prove any more: the reset vouches for it.
            guard let envelope = try? ChangeEnvelope.decode(change.envelope),
                let seen = envelope.seen,
                resetTime == 0 || envelope.clock.milliseconds > resetTime,
                taken.insert(seen).inserted
            else { continue }
            claims.append(
                SeenClaim(device: envelope.device, position: seen, envelope: change.envelope))
        }
        return claims
    }

    /// Checks, before anything of the page is applied, that the served log extends each
    /// position a device signed as seen (`LogVerifier.checkSeen`), with the consistency
    /// proofs the server answered. A refused claim keeps its evidence (the change that names
    /// the position) in a transaction of its own.
    ///
    /// - Parameters:
    ///   - claims: `seenClaims` of the page.
    ///   - proofs: the server's consistency proofs from each claim's size to the served one.
    ///   - served: the answer's tree head.
    ///   - actor: the signed-in user.
    /// - Throws: `LogFailure.seenForked` naming the device and size, or `.rolledBack` when a
    ///   device saw a larger log than the one served (exit 74).
    public func verifySeen(
        _ claims: [SeenClaim], proofs: [LogProofsResponse.Consistency],
        under served: ServerTreeHead?, as actor: Principal
    ) throws {
        guard !claims.isEmpty, let head = served?.signedTreeHead else { return }
        let (key, held) = try read { db in
            (try logKey(db, anchor: actor.anchor), try logHead(db))
        }
        guard let key else { return }
        let verifier = LogVerifier(anchor: actor.anchor, certificates: [key])
        for claim in claims {
            let path =
                proofs.first {
                    $0.from >= 0 && UInt64($0.from) == claim.position.size
                        && $0.to >= 0 && UInt64($0.to) == head.size
                }?.path.map(\.bytes) ?? []
            do {
                try verifier.checkSeen(
                    claim.position, device: claim.device, served: head, consistency: path)
            } catch {
                keepLogEvidence(
                    error, key: key, held: held, served: head,
                    proof: LogEvidence.Proof(
                        kind: "consistency", from: claim.position.size, to: head.size,
                        path: path.map(Hashing.hex)),
                    change: LogEvidence.Change(
                        device: claim.device.rawValue, envelope: Hashing.hex(claim.envelope)))
                throw error
            }
        }
    }
}
