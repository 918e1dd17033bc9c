import CoachApp
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

/// A rotation is a fixed point of the athlete's stream: it is made at the stream's end, its
/// position signed by the owner, and no replica takes a change after it sealed under the
/// retired epoch, whatever a hostile server serves and whatever clock the change carries.
@Suite struct SyncRetiredEpochTests {
    static func roster(_ server: FakeSyncServer) -> [RosterEntry] {
        server.state.withLock { $0.roster }
    }

    static func rotation(_ server: FakeSyncServer, of athlete: AthleteID) -> RosterEpoch? {
        for case .epoch(let epoch) in roster(server)
        where epoch.athleteId == athlete && epoch.epoch == 2 {
            return epoch
        }
        return nil
    }

    @Test("The revoked coach's retired-epoch change served after the rotation: exit 74, his")
    func retiredEpochInjected() throws {
        let (server, m) = try SyncRevocationTests.revokedWhile { m in
            let carl = try AppSession.open(m.sandbox.signIn(as: "carl"), environment: m.envB)
            defer { carl.close() }
            // His device is on the roster, as any coach's who synced once.
            _ = try carl.sync()
            _ = try carl.logBook(Handle("jane"), date: "2026-11-24").saveWellness(
                mood: 1, doms: [], notes: "slipped in by carl")
        }
        // His change was signed before the rotation (an earlier clock), under epoch 1.
        let carl = try AppSession.open(m.sandbox.signIn(as: "carl"), environment: m.envB)
        let queued = try #require(try (carl.workspace as? Workspace)?.outbox().first)
        carl.close()
        let forged = try ChangeEnvelope.decode(queued.envelope)
        #expect(forged.epoch == 1)
        let owner = try m.session(m.envA)
        defer { owner.close() }
        let jane = try SyncRevocationTests.jane(owner)
        let mark = try #require(Self.rotation(server, of: jane)?.streamMark)
        #expect(mark.sseq == Int64(server.state.withLock { $0.streams[jane]?.count ?? 0 }))
        // The operator stores it after the rotation and serves it.
        try server.inject(queued.envelope, into: jane)
        do {
            _ = try owner.sync()
            Issue.record("the owner's replica took a change under the retired epoch")
        } catch let failure as SyncFailure {
            guard case .refusedChange(let device, let user, let reason) = failure else {
                Issue.record("not a refused change: \(failure)")
                return
            }
            #expect(device == forged.device)
            #expect(user == "carl")
            #expect(reason.contains("key epoch 1"))
            #expect(failure.category == .corrupt)
            #expect(!failure.problemDescription.contains("\n"))
        }
        let notes = try owner.exportDataset(Handle("jane")).wellness.compactMap(\.notes)
        #expect(!notes.contains("slipped in by carl"))
    }

    @Test("A change under the retired epoch that passes every author check, served late: 74")
    func ownerDeviceInjected() throws {
        // The owner's second machine seals a change under epoch 1 before the rotation: its
        // author (the owner) holds every epoch, so only the stream position can refuse it.
        var captured: [UInt8] = []
        let (server, m) = try SyncRevocationTests.revokedWhile { m in
            let b = try m.session(m.envB)
            defer { b.close() }
            _ = try b.logBook(Handle("jane"), date: "2026-11-24").saveWellness(
                mood: 2, doms: [], notes: "old key, served late")
            captured = try #require(try (b.workspace as? Workspace)?.outbox().first).envelope
        }
        let late = try ChangeEnvelope.decode(captured)
        #expect(late.epoch == 1)
        let owner = try m.session(m.envA)
        defer { owner.close() }
        let jane = try SyncRevocationTests.jane(owner)
        #expect(Self.rotation(server, of: jane)?.streamMark != nil)
        try server.inject(captured, into: jane)
        do {
            _ = try owner.sync()
            Issue.record("the owner's replica took a change under the retired epoch")
        } catch let failure as SyncFailure {
            guard case .refusedChange(let device, _, let reason) = failure else {
                Issue.record("not a refused change: \(failure)")
                return
            }
            #expect(device == late.device)
            #expect(reason.contains("retired"))
            #expect(failure.category == .corrupt)
        }
        let notes = try owner.exportDataset(Handle("jane")).wellness.compactMap(\.notes)
        #expect(!notes.contains("old key, served late"))
    }

    @Test("A rotation's stream position altered by the server is exit 74 on the replica pulling it")
    func forgedMark() throws {
        let (server, m) = try SyncRevocationTests.revokedWhile { _ in }
        let b = try m.session(m.envB)
        defer { b.close() }
        let jane = try SyncRevocationTests.jane(b)
        server.state.withLock { s in
            for (i, entry) in s.roster.enumerated() {
                guard case .epoch(var epoch) = entry, epoch.athleteId == jane, epoch.epoch == 2
                else { continue }
                epoch.streamMark?.sseq += 1
                s.roster[i] = .epoch(epoch)
            }
        }
        do {
            _ = try b.sync()
            Issue.record("a forged stream position was taken")
        } catch let failure as SyncFailure {
            guard case .streamBroken(let stream, _) = failure else {
                Issue.record("not a broken stream: \(failure)")
                return
            }
            #expect(stream == jane.rawValue)
            #expect(failure.category == .corrupt)
        }
    }
}
