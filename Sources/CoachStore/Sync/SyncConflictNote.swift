import CoachCrypto
import CoachTrust
import Foundation

/// A resolved conflict as a change of its own, so that every replica lists it.
///
/// The replica that resolves a conflict is the only one that holds both sides: the loser, when
/// it is this machine's queued change, is never pushed. So the resolver queues a note beside
/// its changes, in the athlete's stream: an object of kind `sync-conflict` whose body is the
/// winning and the losing envelope exactly as the resolver kept them, each still signed by the
/// device that made it (the bodies inside stay sealed under the athlete's key). A replica that
/// pulls the note checks both signatures, that both are changes of one record of the note's
/// athlete by authors who hold it, and that each put opens under the athlete's key, then keeps
/// the pair in `sync_conflicts` as the resolver did: the same winner, loser and record,
/// whatever order the changes reach it in.
struct SyncConflictNote: Equatable {
    /// The kind of a note's change (never a record kind, so no record row is made of it).
    static let kind = "sync-conflict"

    let winner: ChangeEnvelope
    let loser: ChangeEnvelope

    /// The note's object id: `x` and 24 hex digits of a hash of the pair, winner then loser.
    /// One change can lose on several replicas (to a different change on each), so the loser
    /// alone names no note; each pair holds a change only its resolving device made (its own
    /// queued change, or its rebased or merged one), so two replicas never queue one id, and
    /// a note pulled back onto the replica that made it is the same object.
    var object: String {
        "x"
            + Hashing.blake2b(
                Array("coach/2/sync-conflict".utf8) + winner.hash + loser.hash, length: 12
            )
            .map { String(format: "%02x", $0) }.joined()
    }

    /// The body: the winner's length (4 bytes big-endian), the winner, then the loser.
    var body: [UInt8] {
        let w = winner.encoded()
        let n = UInt32(w.count)
        return [UInt8(n >> 24), UInt8((n >> 16) & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)]
            + w + loser.encoded()
    }

    /// Whether the note fits one change's body (records are small; a pair that does not fit
    /// stays listed on the resolving replica only).
    var fits: Bool { body.count <= ChangeEnvelope.maxBodyBytes }

    init(winner: ChangeEnvelope, loser: ChangeEnvelope) {
        self.winner = winner
        self.loser = loser
    }

    /// Reads a note's body; nil when it is not two well-formed envelopes of one record.
    init?(body: [UInt8]) {
        guard body.count > 4 else { return nil }
        let n = body[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard n > 0, n < body.count - 4,
            let winner = try? ChangeEnvelope.decode(Array(body[4..<(4 + n)])),
            let loser = try? ChangeEnvelope.decode(Array(body[(4 + n)...])),
            winner.stream == loser.stream, winner.object == loser.object,
            winner.hash != loser.hash
        else { return nil }
        self.init(winner: winner, loser: loser)
    }
}
