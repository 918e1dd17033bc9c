import CoachKit
import CoachStore
import CoachSync
import CoachTrust
import Foundation

extension AppSession {
    /// One sync with the workspace's server: sign in as this machine's device, push the
    /// outbox (on a stale base: pull, which rebases it, and push again), then pull every
    /// readable stream to its end, each page applied in one transaction.
    ///
    /// The outbox is cleared only once the server's answer to its batch is held; a batch
    /// whose answer was lost is sent again unchanged, and the server answers it from its
    /// store.
    /// - Returns: what was pushed, applied and resolved.
    /// - Throws: `SyncFailure` (a refused change names its signer, exit 74),
    ///   `SyncRemoteFailure` for the server's refusals and an unreachable server.
    public func sync() throws -> SyncReport {
        let status = try workspace.syncStatus()
        guard let server = URL(string: status.server) else { throw SyncFailure.notSynced }
        let workspaceId = try workspace.syncWorkspaceId()
        var client = SyncClient(server: server, transport: environment.syncTransport)
        let device = try workspace.withDeviceKey { id, _ in id }
        return try withSyncSession(&client, workspace: workspaceId) { client in
            try sync(client, workspace: workspaceId, device: device)
        }
    }

    /// One sync, signed in. The roster is read (and this replica's device entries pushed)
    /// only when the replica's mark does not match: no mark yet, its own device entries
    /// changed, a pull answering another roster head, or a push refused for a retired epoch or
    /// a role (the server's checks, which hold whatever the replica believes). So a day's sync
    /// is a push and a pull, and a sync with nothing to do one pull.
    private func sync(_ client: SyncClient, workspace workspaceId: String, device: DeviceID)
        throws -> SyncReport
    {
        var report = SyncReport.measuring(environment.variables)
        let checkpoint = try workspace.logCheckpoint(as: principal)
        var roster = SyncRosterState(
            mark: try workspace.rosterMark(),
            devices: try RosterMark.digest(workspace.rosterDeviceEntries(as: principal)))
        if !roster.current { try readRoster(client, workspace: workspaceId, into: &roster) }
        // Another user of this file may have pulled changes over this user's queued ones.
        report.conflicts += try workspace.mergeOverwrittenQueue(as: principal)
        var revoked = try workspace.prepareOutbox(as: principal)
        for attempt in 1...3 {
            do {
                report.pushed += try push(
                    client, workspace: workspaceId, device: device, holding: Set(revoked.keys))
                break
            } catch SyncRemoteFailure.refused(let problem)
                where Self.pullFirst.contains(problem.reason) && attempt < 3
            {
                // A stale base is rebased by the pull. A server restored from an older dump
                // lacks where this device's chain stood, or the heads its changes name: the
                // pull refuses it (exit 74) or takes the owner's reset, gives back what the
                // server lost and chains the outbox again after what it holds.
                try pull(client, workspace: workspaceId, roster: &roster, into: &report)
            } catch SyncRemoteFailure.refused(let problem)
                where SyncRosterState.rosterRefusals.contains(problem.reason) && !roster.read
                && attempt < 3
            {
                try readRoster(client, workspace: workspaceId, into: &roster)
                revoked = try workspace.prepareOutbox(as: principal)
            }
        }
        let waiting = try pull(client, workspace: workspaceId, roster: &roster, into: &report)
        try verifyCheckpoint(client, workspace: workspaceId, since: checkpoint)
        report.serverKey = try certifyLogKeyIfMissing(
            client, workspace: workspaceId, roster: &roster)
        let ingest = try ingestInbox(client, workspace: workspaceId, waiting: waiting) {
            try push(client, workspace: workspaceId, device: device, holding: Set(revoked.keys))
        }
        report.checkins = ingest.report
        report.pushed += ingest.pushed
        report.checkpointed = try checkpointIfDue(client, workspace: workspaceId, roster: &roster)
        report.redacted = try postRedactions(client, workspace: workspaceId)
        try workspace.noteSynced()
        report.queued = try workspace.syncStatus().queued
        report.waitingFor = Array(Set(try workspace.outboxWaits(as: principal).map(\.user)))
            .sorted()
        if !revoked.isEmpty {
            throw SyncFailure.accessRevoked(
                athletes: revoked.keys.map(athleteName).sorted(),
                changes: revoked.values.reduce(0, +))
        }
        return report
    }

    /// The push refusals a pull answers before the push is tried again.
    static let pullFirst: Set<SyncProblem.Reason> = [.staleBase, .brokenChain, .unknownTreeHead]

    /// Reads the whole roster (checked to chain to its head), applies it, pushes this
    /// replica's device entries the server lacks, and keeps the mark of what it applied.
    func readRoster(
        _ client: SyncClient, workspace id: String, into state: inout SyncRosterState
    ) throws {
        let roster = try Self.roster(of: id, from: client)
        _ = try workspace.applyRoster(roster.entries, as: principal)
        let head = try pushDeviceEntries(client, workspace: id, roster: roster).head
        let mark = RosterMark(
            head: head,
            devices: try RosterMark.digest(workspace.rosterDeviceEntries(as: principal)))
        try workspace.noteRosterMark(mark)
        state.mark = mark
        state.devices = mark.devices
        state.read = true
    }

    /// Pushes the outbox batch by batch until it is empty, or holds only changes to the
    /// athletes in `holding` (access revoked: kept at the chain's end, never sent).
    ///
    /// - Returns: how many changes the server took.
    private func push(
        _ client: SyncClient, workspace id: String, device: DeviceID,
        holding: Set<AthleteID> = []
    ) throws -> Int {
        var pushed = 0
        // Changes made on top of another user's queued change on this file wait for it.
        let waiting = Set(
            try workspace.outboxWaits(as: principal).map { [$0.athleteId.rawValue, $0.object] })
        while true {
            let (batch, all) = try workspace.pendingBatch(
                limit: SyncLimits.maxChangesPerBatch)
            let queued = all.prefix {
                !holding.contains($0.athleteId)
                    && !waiting.contains([$0.athleteId.rawValue, $0.object])
            }
            guard !queued.isEmpty else { return pushed }
            // Within the request limit, as base64url with room for the JSON around it.
            var bytes = 0
            let entries = Array(
                queued.prefix { entry in
                    bytes += entry.envelope.count * 4 / 3 + 8
                    return bytes < SyncLimits.maxBatchBytes - 65_536
                })
            let answer = try client.call(
                "POST", SyncPath.changes(id),
                PushRequest(
                    device: device, batchSeq: batch,
                    changes: entries.map { (entry: OutboxEntry) in entry.envelope }),
                as: PushResponse.self)
            guard answer.batchSeq == batch, answer.results.count == entries.count else {
                throw SyncRemoteFailure.badAnswer(
                    server: client.server.absoluteString, path: SyncPath.changes(id))
            }
            try workspace.acknowledgeBatch(
                batch, sequences: entries.map { (entry: OutboxEntry) in entry.sequence })
            pushed += entries.count
        }
    }

    /// Pulls every readable stream to its end, page by page; a page answered on a roster head
    /// other than the one applied (or on none) has the roster read and applied before it. Once
    /// the owner certified the server's log key, each page's tree head is verified against the
    /// head held before anything of it is applied, and kept once the apply committed.
    /// - Returns: the last page's count of check-ins waiting per athlete.
    @discardableResult
    func pull(
        _ client: SyncClient, workspace id: String, roster: inout SyncRosterState,
        into report: inout SyncReport
    ) throws -> [String: Int] {
        let crash = SyncCrashPoint.from(environment.variables)
        var tally = try restoreTally()
        while true {
            let cursors = try workspace.streamCursors()
            let request = PullRequest(
                cursors: Dictionary(
                    uniqueKeysWithValues: cursors.map { ($0.key.rawValue, $0.value) }),
                logSize: try workspace.logSize(as: principal))
            let page = try client.call("POST", SyncPath.pull(id), request, as: PullResponse.self)
            // The served log is checked before anything of the page is applied.
            let head: ServerTreeHead?
            do {
                head = try report.logCheck {
                    try workspace.verifyLogHead(
                        page.treeHead, consistency: page.consistency, as: principal)
                }
            } catch let failure as LogFailure where Self.contradicts(failure) {
                // Only an owner's reset naming the served log makes it acceptable.
                try takeLogReset(client, workspace: id, refusing: failure)
                tally = try restoreTally()
                continue
            }
            if !roster.holds(page.rosterHead) {
                try readRoster(client, workspace: id, into: &roster)
            }
            let received = page.changes.map {
                ReceivedChange(
                    athleteId: $0.stream, sseq: $0.sseq, streamHead: $0.streamHead.bytes,
                    envelope: $0.change.bytes)
            }
            try report.logCheck {
                try workspace.verifyLogInclusions(
                    received, page.inclusions, under: page.treeHead, as: principal)
                try verifySeen(client, workspace: id, received, under: page.treeHead)
            }
            let applied = try workspace.applyPulled(
                received, as: principal,
                afterEach: { index in
                    if index == page.changes.count / 2 { crash.hit("mid-apply:pull") }
                })
            if let head { try workspace.keepLogHead(head, as: principal) }
            report.applied += applied.applied
            report.conflicts += applied.conflicts
            tally?.note(received)
            if page.done || page.changes.isEmpty {
                // At the served head, a redacted change still waiting for its re-seal is a
                // withheld body.
                try workspace.checkWithheld(as: principal)
                if let tally { report.restored += try restore(client, workspace: id, tally) }
                return page.inbox ?? [:]
            }
        }
    }

    /// The replica's sync state, with the devices seen with a wrong clock named.
    public func syncStatus() throws -> SyncStatusReport {
        let status = try workspace.syncStatus()
        let head = try workspace.verifiedLogHead(as: principal)
        let report = SyncStatusReport(
            server: status.server,
            lastSync: status.lastSync.map { Self.isoInstant($0) },
            queued: status.queued, conflicts: status.conflicts,
            devicesWithWrongClock: status.skewedDevices.map {
                SyncStatusReport.SkewedDevice(
                    device: $0.device.rawValue, clock: Self.isoInstant($0.clock.milliseconds))
            },
            revoked: try workspace.queuedWithoutAccess(as: principal).map {
                SyncStatusReport.RevokedQueue(athlete: athleteName($0.key), changes: $0.value)
            }.sorted { $0.athlete < $1.athlete },
            logKey: try workspace.logKeyFingerprint(as: principal),
            logSize: head?.size,
            logRoot: head.map { Self.hexPrefix($0.root.bytes) })
        return try withCheckpoint(report)
    }

    /// Every conflict sync resolved on this replica, oldest first.
    ///
    /// - Throws: `SyncFailure.notSynced` when the workspace does not sync.
    public func syncConflicts() throws -> [SyncConflictReport] {
        guard try workspace.isSynced() else { throw SyncFailure.notSynced }
        return try workspace.syncConflicts(as: principal).map(SyncConflictReport.init)
    }

    /// The first 8 bytes of `bytes` in lower-case hex (a 16-digit fingerprint).
    static func hexPrefix(_ bytes: [UInt8]) -> String {
        bytes.prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// Unix milliseconds as an ISO 8601 UTC instant to the second.
    static func isoInstant(_ milliseconds: Int64) -> String {
        Instant(epochSeconds: (Double(milliseconds) / 1000).rounded(.down), offsetSeconds: 0)
            .description
    }
}

extension AppSession {
    /// An athlete's handle as this user can still open it, else the athlete's id (a name for a
    /// message only).
    func athleteName(_ id: AthleteID) -> String {
        guard let access = try? workspace.openAthlete(id: id, as: principal) else {
            return "athlete \(id.rawValue)"
        }
        return access.profile.handle
    }
}
