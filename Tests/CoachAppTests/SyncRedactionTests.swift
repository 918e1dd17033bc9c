import CoachApp
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

/// Redaction on the replica: a pushed rekey makes `coach sync` ask the server, once, to drop
/// the bodies it superseded; a machine joining afterwards applies those changes header only
/// and ends with the same data; a body dropped with no later re-seal is withholding, exit 74.
@Suite struct SyncRedactionTests {
    /// The stored changes of jane's stream on the fake server, decoded.
    static func stored(_ server: FakeSyncServer, _ jane: AthleteID) throws -> [ChangeEnvelope] {
        try server.state.withLock { s in
            try (s.streams[jane] ?? []).map { try ChangeEnvelope.decode($0.change.bytes) }
        }
    }

    @Test("After a pushed rekey the sync redacts the old bodies once; a joiner converges")
    func rekeyThenJoin() throws {
        let m = try SyncJoinTests.published()
        let a = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: m.envA)
        _ = try a.logBook(Handle("jane"), date: "2026-11-24").saveWellness(
            mood: 4, doms: [], notes: "second day")
        _ = try a.sync()
        try a.revokeAccess(athlete: Handle("jane"), from: Handle("carl"))
        #expect(try a.sync().redacted == 0, "nothing is re-sealed yet")
        #expect(try a.rekey(athlete: Handle("jane")) > 0)
        let report = try a.sync()
        let jane = try SyncRevocationTests.jane(a)
        let stored = try Self.stored(m.server, jane)
        #expect(report.redacted == stored.filter(\.isRedacted).count)
        #expect(report.redacted >= 2)
        #expect(stored.filter { $0.epoch == 1 }.allSatisfy { $0.isRedacted })
        #expect(stored.filter { $0.epoch == 2 }.allSatisfy { !$0.isRedacted })
        // Remembered: the next sync asks nothing.
        #expect(try a.sync().redacted == 0)
        #expect(m.server.state.withLock { $0.redactionRequests } == 1)
        a.close()
        _ = try m.join("olivia")
        #expect(try m.export(m.envB, as: "olivia") == (try m.export(m.envA, as: "olivia")))
        let audit = try AppWorkspace(SignIn(), environment: m.envB).verifyAudit()
        #expect(audit.ok)
    }

    @Test("A body the server drops with no later re-seal is exit 74 naming it; never written")
    func withheldBody() throws {
        let m = try SyncJoinTests.published()
        _ = try m.join("olivia")
        let a = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: m.envA)
        _ = try a.logBook(Handle("jane"), date: "2026-11-22").saveWellness(
            mood: 4, doms: [], notes: "withheld later")
        _ = try a.logBook(Handle("jane"), date: "2026-11-24").saveWellness(
            mood: 5, doms: [], notes: "served whole")
        _ = try a.sync()
        let jane = try SyncRevocationTests.jane(a)
        a.close()
        let stream = try Self.stored(m.server, jane)
        let target = Int64(stream.count - 1)
        let victim = stream[stream.count - 2]
        try m.server.withhold(jane, sseq: target)
        let before = try m.export(m.envB, as: "olivia")
        let b = try AppSession.open(SignIn(), environment: m.envB)
        defer { b.close() }
        do {
            _ = try b.sync()
            Issue.record("the replica took a change whose body the server withheld")
        } catch let failure as SyncFailure {
            guard case .streamBroken(let athlete, let reason) = failure else {
                Issue.record("not a broken stream: \(failure)")
                return
            }
            #expect(athlete == jane.rawValue)
            #expect(reason.contains("withheld the body of change \(target)"))
            #expect(reason.contains(victim.object) && reason.contains(victim.device.rawValue))
            #expect(failure.category == .corrupt)
            #expect(!failure.problemDescription.contains("\n"))
        }
        // The rest of the page is applied; nothing of the withheld body is written.
        let after = try m.export(m.envB, as: "olivia")
        #expect(after != before && after.contains("served whole"))
        #expect(!after.contains("withheld later"))
    }
}
