import CoachKit
import CoachSync
import CoachTrust

/// The recovery side of sync: the owner's reset of the server's log, taking it, and giving the
/// restored server back the changes it lost.
public protocol LogResetStore: AnyObject {
    func logKey(as actor: Principal) throws -> LogKeyCertificate?
    func logResetState() throws -> (counter: UInt64, restorePending: Bool)
    func lastLogResetTaken(as actor: Principal) throws -> UInt64
    func logResetStatement(served: ServerTreeHead, rosterHead: RosterHead, as actor: Principal)
        throws -> LogResetStatement
    func acceptLogReset(
        _ reset: LogResetStatement, served: ServerTreeHead, consistency: [SyncBytes]?,
        as actor: Principal
    ) throws
    func restartRestore() throws
    func restoreCandidates(served: [AthleteID: [String: Int64]]) throws
        -> [(athlete: AthleteID, envelope: [UInt8])]
    func finishRestore(own: ChangeVerifier.ChainPosition?) throws
    func rosterEntriesLacking(from server: [RosterEntry], as actor: Principal) throws
        -> [RosterEntry]
}

extension Workspace: LogResetStore {}
