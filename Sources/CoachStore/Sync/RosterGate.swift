import CoachKit
import CoachSync

/// How a membership change of a synced workspace becomes final: the server's roster as it
/// stands, and a compare-and-swap push of new entries on its head.
///
/// The app layer builds it over its transport once per command (`Workspace.useRosterGate`);
/// the store calls it inside the write that changes membership, before the commit, so a
/// change the server does not take is rolled back here too.
public struct RosterGate: Sendable {
    /// What a push made of the entries.
    public enum Outcome: Equatable, Sendable {
        /// The server took them; its new head.
        case accepted(RosterHead)
        /// The head moved since the roster was read: read it again and re-check.
        case headMoved
        /// The entries hold a key rotation made at a stream position the athlete's stream
        /// has moved past: pull, then make the rotation again (the server's reason).
        case streamMoved(String)
    }

    /// The signed-in user, who signs the entries the store makes for the server (an athlete's
    /// removal, a plugin's record).
    public let actor: Principal
    /// The server's roster: every entry, in order, and its head.
    let fetch: @Sendable () throws -> (entries: [RosterEntry], head: RosterHead)
    /// Pushes entries made on a head.
    let push: @Sendable (_ entries: [RosterEntry], _ head: RosterHead) throws -> Outcome

    /// A gate.
    ///
    /// - Parameters:
    ///   - actor: the signed-in user.
    ///   - fetch: reads the server's roster; throws `SyncFailure.membershipOffline` when the
    ///     server cannot be reached.
    ///   - push: pushes entries on a head; throws the server's refusal.
    public init(
        actor: Principal,
        fetch: @escaping @Sendable () throws -> (entries: [RosterEntry], head: RosterHead),
        push: @escaping @Sendable ([RosterEntry], RosterHead) throws -> Outcome
    ) {
        self.actor = actor
        self.fetch = fetch
        self.push = push
    }
}

/// A removal a write makes on purpose: an athlete's or a plugin's. Only these become removal
/// entries; a row the server holds and the replica lacks otherwise means the replica is behind.
enum RosterRemovalIntent: Hashable, Sendable {
    case athlete(AthleteID)
    case plugin(String)
}
