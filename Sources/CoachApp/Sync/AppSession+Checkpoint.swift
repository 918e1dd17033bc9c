import CoachKit
import CoachStore
import CoachSync
import CoachTrust
import Foundation

extension AppSession {
    /// How old the owner's last checkpoint may get before her next sync adds one.
    static let checkpointInterval: Int64 = 24 * 3_600_000

    /// Adds the owner's checkpoint of the log head this replica verified last to the roster,
    /// through the server's roster rules, and reads the roster again so this replica holds it.
    ///
    /// - Returns: the size of the log countersigned, or nil when this replica holds no
    ///   verified head or has countersigned it already.
    /// - Throws: `StoreError.permissionDenied` for anyone but the owner, what the roster push
    ///   throws.
    func addCheckpoint(
        _ client: SyncClient, workspace id: String, roster: inout SyncRosterState
    ) throws -> UInt64? {
        guard let entry = try workspace.checkpointEntry(as: principal),
            let size = entry.decoded?.head.size
        else { return nil }
        if !roster.read { try readRoster(client, workspace: id, into: &roster) }
        guard let head = roster.mark?.head else { return nil }
        _ = try client.pushRoster(workspace: id, [.logCheckpoint(entry)], on: head)
        try readRoster(client, workspace: id, into: &roster)
        return size
    }

    /// The owner's sync adds a checkpoint when her last one is older than a day (by this
    /// machine's clock against the head's signing time; with none yet, against when she
    /// certified the log key) and the log grew since; anyone else's sync does nothing.
    func checkpointIfDue(
        _ client: SyncClient, workspace id: String, roster: inout SyncRosterState
    ) throws -> UInt64? {
        guard principal.role == .owner,
            let head = try workspace.verifiedLogHead(as: principal),
            let certified = try workspace.logKeyCreated(as: principal)
        else { return nil }
        let last = try workspace.logCheckpoint(as: principal)
        let now = Int64((self.now.timeIntervalSince1970 * 1000).rounded())
        guard now - (last?.head.time ?? certified) > Self.checkpointInterval,
            UInt64(clamping: head.size) > last?.head.size ?? 0
        else { return nil }
        return try addCheckpoint(client, workspace: id, roster: &roster)
    }

    /// `coach sync checkpoint`: the owner countersigns the server's log now, after a sync
    /// that verifies its newest head.
    ///
    /// - Returns: the size of the log countersigned, or nil when there was nothing new.
    /// - Throws: `StoreError.permissionDenied` for anyone but the owner, what a sync throws.
    public func syncCheckpoint() throws -> UInt64? {
        guard principal.role == .owner else {
            throw StoreError.permissionDenied("only the owner countersigns the server's log")
        }
        let status = try workspace.syncStatus()
        guard let server = URL(string: status.server) else { throw SyncFailure.notSynced }
        let workspaceId = try workspace.syncWorkspaceId()
        var client = SyncClient(server: server, transport: environment.syncTransport)
        var roster = SyncRosterState(
            mark: try workspace.rosterMark(),
            devices: try RosterMark.digest(workspace.rosterDeviceEntries(as: principal)))
        return try withSyncSession(&client, workspace: workspaceId) { client in
            var report = SyncReport()
            try pull(client, workspace: workspaceId, roster: &roster, into: &report)
            return try addCheckpoint(client, workspace: workspaceId, roster: &roster)
        }
    }

    /// How old the owner's last checkpoint may get before `sync status` warns.
    static let checkpointWarningAge: Int64 = 7 * 24 * 3_600_000

    /// `report` with the owner's last checkpoint, its age by this machine's clock, and a
    /// warning when the log is checked but the checkpoint is over 7 days old or missing.
    func withCheckpoint(_ report: SyncStatusReport) throws -> SyncStatusReport {
        var report = report
        guard report.logKey != nil else { return report }
        guard let last = try workspace.logCheckpoint(as: principal) else {
            report.checkpointWarning = "the owner has not countersigned the server's log yet"
            return report
        }
        let age = max(0, Int64((now.timeIntervalSince1970 * 1000).rounded()) - last.head.time)
        report.checkpointSize = Int64(clamping: last.head.size)
        report.checkpointTime = Self.isoInstant(last.head.time)
        report.checkpointAgeHours = age / 3_600_000
        if age > Self.checkpointWarningAge {
            report.checkpointWarning =
                "the owner's last checkpoint is \(age / 86_400_000) days old"
        }
        return report
    }
}
