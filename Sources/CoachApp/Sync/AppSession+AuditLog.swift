import CoachKit
import CoachStore
import CoachSync
import Foundation

extension AppSession {
    /// The synced part of `verifyAudit`: the held changes and log head (no server), then,
    /// with a session kept from an earlier command and a certified log key, each stream
    /// head's inclusion in the server's signed log and the owner's checkpoint held proved
    /// consistent with the held head. Without a kept session, or when the
    /// server cannot be reached or refuses the session, the log is reported not checked;
    /// nothing signs in and nothing is kept.
    ///
    /// - Returns: what was checked; nil when the workspace does not sync.
    /// - Throws: `StoreError.tampered` or `LogFailure` (exit 74) for a held change or head
    ///   that does not verify, a served head that rolls back or forks the held one, or a
    ///   stream head the served log does not include.
    func verifySyncedAudit() throws -> SyncAudit? {
        guard var audit = try workspace.auditSyncedChanges(as: principal) else { return nil }
        guard try workspace.logKeyFingerprint(as: principal) != nil,
            let server = URL(string: try workspace.syncStatus().server)
        else { return audit }
        let id = try workspace.syncWorkspaceId()
        guard let kept = try keptSyncSession(server: server, workspace: id) else { return audit }
        var client = SyncClient(server: server, transport: environment.syncTransport)
        client.token = kept.token
        client.expiresAt = kept.expiresAt
        do {
            try checkStreamHeadsInLog(client, workspace: id)
            try verifyCheckpoint(client, workspace: id, since: nil)
        } catch SyncRemoteFailure.unreachable {
            return audit
        } catch SyncRemoteFailure.refused(let problem) where problem.reason == .unauthenticated {
            return audit
        }
        audit.logChecked = true
        return audit
    }

    /// For each stream held, a one-change pull of its last held change: the served head must
    /// be consistent with the head held, the change must be the held one (same sequence and
    /// stream head after it), and its leaf must be in the served head. Nothing is applied
    /// and no head is kept.
    private func checkStreamHeadsInLog(_ client: SyncClient, workspace id: String) throws {
        let logSize = try workspace.logSize(as: principal)
        let heads = try workspace.heldStreamHeads()
        for (athlete, held) in heads.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where held.sseq > 0 {
            let request = PullRequest(
                cursors: [athlete.rawValue: held.sseq - 1], limit: 1, logSize: logSize)
            let page = try client.call("POST", SyncPath.pull(id), request, as: PullResponse.self)
            _ = try workspace.verifyLogHead(
                page.treeHead, consistency: page.consistency, as: principal)
            let received = page.changes.filter { $0.stream == athlete }.prefix(1).map {
                ReceivedChange(
                    athleteId: $0.stream, sseq: $0.sseq, streamHead: $0.streamHead.bytes,
                    envelope: $0.change.bytes)
            }
            try workspace.requireHeldStreamHead(received.first, athlete: athlete)
            try workspace.verifyLogInclusions(
                received, page.inclusions, under: page.treeHead, as: principal)
        }
    }
}
