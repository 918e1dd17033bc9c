import CoachKit
import CoachStore
import CoachSync
import CoachTrust
import Foundation

extension AppSession {
    /// What a log reset would do now (the owner): the server's signed log, the log this
    /// machine verified, and the number the reset would take. Nothing is sent but a sign-in
    /// and a read.
    ///
    /// - Returns: the preview.
    /// - Throws: `StoreError.permissionDenied` for anyone but the owner; `LogFailure` for a
    ///   served head the certified key did not sign (exit 74); `SyncRemoteFailure`.
    public func logResetPreview() throws -> LogResetReport {
        try withResetClient { client, id in try resetPreview(client, workspace: id).report }
    }

    /// Resets the server's log (the owner), after its database was restored from an older
    /// dump: pushes the roster entries this machine's rows make that the server lacks, then
    /// the owner-signed reset naming the restored log (size, root), the roster head and the
    /// log given up; then syncs, which takes the reset here and gives the server back the
    /// changes this machine holds that it lacks. Every other machine does the same at its
    /// next sync.
    ///
    /// - Returns: what was shown, pushed and synced.
    /// - Throws: `StoreError.permissionDenied` for anyone but the owner;
    ///   `StoreError.invalidData` when the server's log extends this machine's (nothing to
    ///   reset); `LogFailure`; `SyncRemoteFailure`.
    public func logReset() throws -> LogResetReport {
        var report = try withResetClient { client, id in
            let (preview, served) = try resetPreview(client, workspace: id)
            var report = preview
            let roster = try Self.roster(of: id, from: client)
            let lacking = try workspace.rosterEntriesLacking(from: roster.entries, as: principal)
            var head = roster.head
            if !lacking.isEmpty {
                head = try client.pushRoster(workspace: id, lacking, on: head)
            }
            let reset = try workspace.logResetStatement(
                served: served, rosterHead: head, as: principal)
            _ = try client.pushRoster(workspace: id, [.logReset(RosterLogReset(reset))], on: head)
            report.rosterPushed = lacking.count
            report.done = true
            return report
        }
        report.sync = try sync()
        return report
    }

    /// Signs in as the owner's device and runs `body` with the client and workspace id.
    private func withResetClient<T>(_ body: (SyncClient, String) throws -> T) throws -> T {
        guard principal.role == .owner else {
            throw StoreError.permissionDenied("only the owner resets the server's log")
        }
        let status = try workspace.syncStatus()
        guard let server = URL(string: status.server) else { throw SyncFailure.notSynced }
        let id = try workspace.syncWorkspaceId()
        var client = SyncClient(server: server, transport: environment.syncTransport)
        return try withSyncSession(&client, workspace: id) { client in try body(client, id) }
    }

    /// The preview and the served head, checked to be signed by the certified key and to
    /// contradict the log this machine verified.
    private func resetPreview(_ client: SyncClient, workspace id: String) throws
        -> (report: LogResetReport, served: ServerTreeHead)
    {
        guard let key = try workspace.logKey(as: principal) else {
            throw LogFailure.badReset("this machine holds no certified log key")
        }
        let page = try headPage(client, workspace: id, logSize: nil)
        guard let served = page.treeHead, served.isSigned(by: key.serverPK) else {
            throw LogFailure.badHead("the server's head is not signed by its certified key")
        }
        do {
            _ = try workspace.verifyLogHead(
                served,
                consistency: try headPage(
                    client, workspace: id, logSize: try workspace.logSize(as: principal)
                ).consistency, as: principal)
            throw StoreError.invalidData(
                "the server's log extends the one this machine verified: nothing to reset")
        } catch let failure as LogFailure where Self.contradicts(failure) {
            // The server lost entries this machine verified: what a reset is for.
        }
        let counter = try workspace.lastLogResetTaken(as: principal) + 1
        let report = LogResetReport(
            serverSize: served.size, serverRoot: Self.hexPrefix(served.root.bytes),
            localSize: try workspace.logSize(as: principal), lastCheckpoint: nil,
            counter: Int64(clamping: counter))
        return (report, served)
    }

    /// A pull answer of at most one change, for its signed head and the consistency proof
    /// from `logSize`.
    private func headPage(_ client: SyncClient, workspace id: String, logSize: Int64?) throws
        -> PullResponse
    {
        let cursors = try workspace.streamCursors()
        let request = PullRequest(
            cursors: Dictionary(uniqueKeysWithValues: cursors.map { ($0.key.rawValue, $0.value) }),
            limit: 1, logSize: logSize)
        return try client.call("POST", SyncPath.pull(id), request, as: PullResponse.self)
    }

    /// Whether `failure` is a served log that contradicts the one verified here (went back or
    /// forked), which only an owner's reset can make acceptable.
    static func contradicts(_ failure: LogFailure) -> Bool {
        switch failure {
        case .rolledBack, .forked: true
        default: false
        }
    }

    /// After the served log contradicted the verified one (`failure`): takes the roster's
    /// newest log reset when it is numbered above the last one taken here and names a log
    /// the served head extends (`Workspace.acceptLogReset`); every stream is then pulled again.
    ///
    /// - Throws: `failure` when the roster holds no newer reset; `LogFailure.badReset` (exit
    ///   74) for a reset that is not the owner's or gives up a log this machine verified
    ///   beyond.
    func takeLogReset(_ client: SyncClient, workspace id: String, refusing failure: LogFailure)
        throws
    {
        let entries = try Self.roster(of: id, from: client).entries
        let resets = entries.compactMap { entry -> RosterLogReset? in
            if case .logReset(let reset) = entry { return reset }
            return nil
        }
        guard let newest = resets.last else { throw failure }
        guard let reset = newest.decoded else { throw LogFailure.malformed("a log reset") }
        guard reset.counter > (try workspace.lastLogResetTaken(as: principal)) else {
            throw failure
        }
        let page = try headPage(
            client, workspace: id, logSize: Int64(clamping: reset.restoredSize))
        guard let served = page.treeHead else {
            throw LogFailure.badHead("the server sent none")
        }
        try workspace.acceptLogReset(
            reset, served: served, consistency: page.consistency, as: principal)
    }

    /// The tally of a pull that restores (after a reset was taken): every stream is pulled
    /// again from its start; nil when no restore is pending.
    func restoreTally() throws -> RestoreTally? {
        guard try workspace.logResetState().restorePending else { return nil }
        try workspace.restartRestore()
        return RestoreTally(device: try workspace.withDeviceKey { id, _ in id })
    }

    /// Gives the restored server back the changes this replica holds that it lacks (each
    /// record's last change, whoever signed it, of the athletes this user still opens), batch
    /// by batch with `restore: true`.
    ///
    /// - Returns: how many the server stored (the others it held already: `present`).
    func restore(_ client: SyncClient, workspace id: String, _ served: RestoreTally) throws
        -> Int
    {
        var tally = served
        // Only the streams this user still reads: the server refuses the others.
        var readable: [AthleteID: Bool] = [:]
        let held = try workspace.restoreCandidates(served: tally.served).filter { change in
            if let known = readable[change.athlete] { return known }
            let reads = (try? workspace.openAthlete(id: change.athlete, as: principal)) != nil
            readable[change.athlete] = reads
            return reads
        }
        let device = try workspace.withDeviceKey { id, _ in id }
        var restored = 0
        var start = 0
        while start < held.count {
            var bytes = 0
            let batch = held[start...].prefix(SyncLimits.maxChangesPerBatch).prefix {
                bytes += $0.envelope.count * 4 / 3 + 8
                return bytes < SyncLimits.maxBatchBytes - 65_536
            }
            guard !batch.isEmpty else {
                throw StoreError.invalidData("a held change is larger than a push may carry")
            }
            var request = PushRequest(
                device: device, batchSeq: 0, changes: batch.map { $0.envelope })
            request.restore = true
            let answer = try client.call(
                "POST", SyncPath.changes(id), request, as: PushResponse.self)
            guard answer.results.count == batch.count else {
                throw SyncRemoteFailure.badAnswer(
                    server: client.server.absoluteString, path: SyncPath.changes(id))
            }
            restored += answer.results.filter { $0.present != true }.count
            for (change, result) in zip(batch, answer.results) where result.present != true {
                if let envelope = try? ChangeEnvelope.decode(change.envelope) {
                    tally.noteOwn(envelope)
                }
            }
            start += batch.count
        }
        try workspace.finishRestore(own: tally.own)
        return restored
    }
}

/// What a restoring pull saw: by athlete and object, the highest version the server served;
/// and this machine's device's newest change the server holds (served, or given back).
struct RestoreTally {
    var served: [AthleteID: [String: Int64]] = [:]
    /// This machine's device.
    let device: DeviceID
    /// Its newest change seen on the server.
    var own: ChangeVerifier.ChainPosition?

    init(device: DeviceID) { self.device = device }

    /// Notes the versions of a page's changes.
    mutating func note(_ changes: [ReceivedChange]) {
        for change in changes {
            guard let envelope = try? ChangeEnvelope.decode(change.envelope) else { continue }
            let held = served[change.athleteId]?[envelope.object] ?? 0
            served[change.athleteId, default: [:]][envelope.object] = max(
                held, envelope.version)
            noteOwn(envelope)
        }
    }

    /// Notes `envelope` when it is this device's and newer than its newest seen.
    mutating func noteOwn(_ envelope: ChangeEnvelope) {
        guard envelope.device == device, envelope.sequence > own?.sequence ?? 0 else { return }
        own = ChangeVerifier.ChainPosition(sequence: envelope.sequence, hash: envelope.hash)
    }
}
