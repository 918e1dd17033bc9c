import CoachStore
import CoachSync

/// What one sync knows of the server's roster: the replica's mark (the head it last applied
/// in full), the digest of its device entries now, and whether this sync read the roster.
struct SyncRosterState: Sendable {
    /// The refusals of a push that a roster this replica has not applied may explain.
    static let rosterRefusals: Set<SyncProblem.Reason> = [.wrongEpoch, .outOfRole]

    /// The mark kept by the last full read, nil before one.
    var mark: RosterMark?
    /// The digest of the replica's device entries (`RosterMark.digest`).
    var devices: [UInt8]
    /// Whether this sync has read the whole roster.
    var read = false

    /// Whether the replica may take itself to hold the server's roster without reading it: a
    /// mark whose device digest is the replica's now (its own devices are on the server).
    var current: Bool { mark.map { $0.devices == devices } ?? false }

    /// Whether a pull answered on `head` needs no roster read first: the head is the mark's
    /// and the mark is current. A server that names no head is taken as a moved roster unless
    /// this sync read it already.
    func holds(_ head: RosterHead?) -> Bool {
        guard let head else { return read }
        return current && mark?.head == head
    }
}
