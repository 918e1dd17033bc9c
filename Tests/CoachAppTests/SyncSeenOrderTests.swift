import CoachApp
import CoachKit
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// A device's `seen` only grows along its chain: a pulled change naming a smaller log than an
/// earlier change of the same device (its view of the log rolled back, each head genuine) is
/// exit 74 naming the device, nothing of the pull applied.
@Suite struct SyncSeenOrderTests {
    @Test(
        "A's change naming a smaller log than its earlier change is exit 74 on B, nothing applied")
    func seenWentBack() throws {
        let server = FakeSyncServer()
        let (m, _) = try SyncLogRollbackTests.setUp(server)
        let a = try m.session(m.envA)
        let file = try SyncLogMarkTests.file(a)
        let device = try #require(file.syncSigner.withLock { $0?.device })
        // A genuine head of the server, before A's next change grows the log.
        let small = try #require(try file.read { db in try SignedTreeHead.held(in: db) })
        _ = try a.logBook(Handle("jane"), date: "2026-11-21").saveWellness(
            mood: 3, doms: [], notes: "grows the log")
        _ = try a.sync()
        let large = try #require(try file.read { db in try SignedTreeHead.held(in: db) })
        #expect(large.size > small.size)
        _ = try a.logBook(Handle("jane"), date: "2026-11-22").saveWellness(
            mood: 4, doms: [], notes: "names the large head")
        // A's view of the log is rolled back to the small head, which it then names.
        try file.write { db in
            try db.execute(sql: SyncLogTables.setHead, arguments: [Data(small.encoded())])
        }
        _ = try a.logBook(Handle("jane"), date: "2026-11-23").saveWellness(
            mood: 5, doms: [], notes: "names the small head")
        _ = try? a.sync()
        a.close()
        let pushed = server.state.withLock { $0.streams.values.flatMap { $0 } }.compactMap {
            try? ChangeEnvelope.decode($0.change.bytes)
        }.filter { $0.device == device }.sorted { $0.sequence < $1.sequence }
        #expect(pushed.compactMap(\.seen?.size).suffix(2) == [large.size, small.size])

        let before = try m.export(m.envB)
        let b = try m.session(m.envB)
        do {
            _ = try b.sync()
            Issue.record("B took a change whose seen went back")
        } catch SyncFailure.refusedChange(let refused, _, let reason) {
            #expect(refused == device)
            #expect(reason.contains("went back"), "\(reason)")
            #expect(
                SyncFailure.refusedChange(device: refused, user: "", reason: "").category
                    == .corrupt)
        }
        b.close()
        #expect(try m.export(m.envB) == before)
    }
}
