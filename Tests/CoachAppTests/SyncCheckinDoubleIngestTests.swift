import CoachApp
import CoachKit
import CoachSync
import CoachTestSupport
import Foundation
import Testing

@testable import CoachStore

/// One check-in makes one record even when two laptops ingest it: the first claims it, writes
/// its record and loses its connection before pushing; the lease runs out and the second
/// laptop claims, ingests and pushes the same item. Each replica keeps the record of the
/// smaller id for the item (`checkin_ledger`), whatever order the two arrive in.
@Suite struct SyncCheckinDoubleIngestTests {
    /// The fake server, except that the first push after an inbox claim is cut before it
    /// reaches the server (a slow laptop that loses its connection while it ingests).
    final class CutPushAfterClaim: SyncTransport {
        let server: FakeSyncServer
        let claimed = LockedValue(false)

        init(_ server: FakeSyncServer) { self.server = server }

        func send(_ request: SyncHTTPRequest, to url: URL) throws -> SyncHTTPResponse {
            if request.path.hasSuffix("/inbox/claim") { claimed.withLock { $0 = true } }
            let cut = claimed.withLock { done -> Bool in
                guard done, request.path.hasSuffix("/changes") else { return false }
                done = false
                return true
            }
            if cut { throw SyncRemoteFailure.unreachable(server: "fake", detail: "connection cut") }
            return try server.send(request, to: url)
        }
    }

    @Test("two laptops ingest one check-in (the first one's lease ran out): one record on both")
    func ingestedTwiceKeptOnce() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let owner = try m.session(m.envA)
        let jane = try owner.athlete(Handle("jane")).id
        let phone = try SyncCheckinRosterTests.phone(jane, approver: owner.principal)
        let today = try owner.logBook(Handle("jane"), date: "today").day
        owner.close()
        SyncCheckinRosterTests.plant(server, .checkinDevice(RosterCheckinDevice(phone.0)))
        for environment in [m.envA, nil, m.envB] { try SyncSharedMachineTests.sync(m, environment) }
        let item = try SyncCheckinReplicaTests.sealed(
            SyncCheckinIngestTests.typed, day: today, phone: phone, server: server)
        try server.post(item)

        // Carl on machine A claims and writes the item, then loses the connection.
        var slow = m.envA
        slow.syncTransport = CutPushAfterClaim(server)
        let carl = try AppSession.open(m.sandbox.signIn(as: "carl"), environment: slow)
        #expect(throws: SyncRemoteFailure.self) { try carl.sync() }
        carl.close()
        let first = try #require(try Self.ledger(m.sandbox.path, item.item, m))
        // The lease runs out; machine B claims the same item and ingests it.
        server.expireLeases()
        let b = try SyncSharedMachineTests.sync(m, m.envB)
        #expect(b.checkins.ingested == 1)
        #expect(server.state.withLock { $0.inbox.items.isEmpty })
        let second = try #require(
            try Self.ledger(m.envB.workspacePath(explicit: nil), item.item, m))
        #expect(first != second, "two records of one item were written")
        // Carl's queued record reaches the server too; every replica keeps one of the two.
        for environment in [nil, m.envA, m.envB, m.envA] {
            try SyncSharedMachineTests.sync(m, environment)
        }
        let export = try m.export(m.envA)
        #expect(export == (try m.export(m.envB)))
        #expect(export.components(separatedBy: item.item).count == 2, "\(export)")
        let kept = min(first, second)
        #expect(export.contains(kept))
        for path in [m.sandbox.path, m.envB.workspacePath(explicit: nil)] {
            #expect(try Self.ledger(path, item.item, m) == kept)
        }
    }

    /// The record the ledger of the file at `path` names for `item`.
    static func ledger(_ path: String, _ item: String, _ m: SyncTwoMachinesTests.Machines)
        throws -> String?
    {
        let ws = try Workspace.open(
            at: path, clock: m.envB.clock, random: m.envB.random, ids: m.envB.ids)
        return try ws.read { db in
            try String.fetchOne(
                db, sql: "SELECT record_id FROM checkin_ledger WHERE item = ?", arguments: [item])
        }
    }
}
