import CoachKit
import CoachTrust
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// Applying pulled changes (issue 26, item 2): verified changes are written as record writes
/// are, concurrent edits resolve the same way on every replica with the loser kept, and the
/// page is applied whole or not at all.
@Suite struct SyncApplyTests {
    @Test("A change pulled from another replica is written with its head and snapshot in step")
    func applies() throws {
        let r = try SyncReplicas()
        var server = SyncTestServer()
        try r.f.put(r.athlete, id: "c1", payload: #"{"mood":5}"#)
        try server.sync(r.a, as: r.f.owner)
        let report = try server.sync(r.b, as: r.ownerB)
        #expect(report.applied == 3)  // the profile and r1 (genesis), then c1
        #expect(try r.recordsB() == (try r.f.records(r.athlete)))
        #expect(try r.recordsB()["c1"] == #"{"mood":5}"#)
        #expect(try r.a.outbox().isEmpty)
        #expect(try r.b.outbox().isEmpty)
        // B's snapshot-based view agrees with its rows (a rebuild would find the head wrong).
        let again = try r.b.applyPulled(try server.page(for: r.b), as: r.ownerB)
        #expect(again == ApplyReport())
    }

    @Test("Check-ins made offline on two machines on the same day are both kept everywhere")
    func checkInsBothKept() throws {
        let r = try SyncReplicas()
        var server = SyncTestServer()
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)
        try r.f.put(r.athlete, id: "checkin-a", payload: #"{"mood":2}"#)
        try r.putB("checkin-b", payload: #"{"soreness":4}"#)
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)
        try server.sync(r.a, as: r.f.owner)
        let a = try r.f.records(r.athlete)
        #expect(a["checkin-a"] == #"{"mood":2}"#)
        #expect(a["checkin-b"] == #"{"soreness":4}"#)
        #expect(try r.recordsB() == a)
        #expect(try r.a.syncStatus().conflicts == 0)
    }

    /// Which replica's clock is later when both edit r1 offline.
    enum Later: String, CaseIterable, Sendable { case a, b }

    /// Record r1 edited on both replicas offline, the `later` one with the later clock; B
    /// pushes first, then A meets B's edit with its own queued (the conflict is on A).
    static func conflict(later: Later) throws -> (SyncReplicas, SyncTestServer) {
        let r = try SyncReplicas()
        var server = SyncTestServer()
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)
        r.aClock.set(later == .a ? 20 : 10)
        r.bClock.set(later == .b ? 20 : 10)
        try r.f.put(r.athlete, id: "r1", payload: #"{"mood":1}"#)
        try r.putB("r1", payload: #"{"mood":5}"#)
        try server.sync(r.b, as: r.ownerB)
        try server.sync(r.a, as: r.f.owner)
        return (r, server)
    }

    @Test(
        "The same record edited on two machines resolves to the later clock on both, loser kept",
        arguments: Later.allCases)
    func sameRecordConflict(later: Later) throws {
        var (r, server) = try Self.conflict(later: later)
        try server.sync(r.b, as: r.ownerB)
        let winner = later == .a ? #"{"mood":1}"# : #"{"mood":5}"#
        #expect(try r.f.records(r.athlete)["r1"] == winner)
        #expect(try r.recordsB() == (try r.f.records(r.athlete)))
        #expect(try r.a.syncStatus().conflicts == 1)
        let loser = try r.a.read { db -> ChangeEnvelope in
            let bytes = try #require(
                try Data.fetchOne(db, sql: "SELECT loser FROM sync_conflicts"))
            return try ChangeEnvelope.decode([UInt8](bytes))
        }
        let deviceA = try #require(r.a.syncSigner.withLock { $0?.device })
        #expect(loser.object == "r1")
        #expect((loser.device == deviceA) == (later == .b))
        #expect(try r.a.outbox().isEmpty)
        #expect(try r.b.outbox().isEmpty)
    }

    @Test("A kept loser altered in the file is tampering when conflicts are listed, not a blank")
    func alteredLoser() throws {
        let (r, _) = try Self.conflict(later: .a)
        let listed = try r.a.syncConflicts(as: r.f.owner)
        #expect(listed.count == 1 && listed.first?.loser.payload != nil)
        try r.a.write { db in
            var bytes = [UInt8](
                try #require(try Data.fetchOne(db, sql: "SELECT loser FROM sync_conflicts")))
            bytes[bytes.count - 1] ^= 1  // the last byte of the sealed body
            try db.execute(sql: "UPDATE sync_conflicts SET loser = ?", arguments: [Data(bytes)])
        }
        let error = #expect(throws: StoreError.self) { try r.a.syncConflicts(as: r.f.owner) }
        #expect(error?.category == .corrupt, "\(String(describing: error))")
    }

    @Test("Different fields of one record edited on two machines both survive, no conflict")
    func differentFieldsMerge() throws {
        let r = try SyncReplicas()
        var server = SyncTestServer()
        try r.f.put(r.athlete, id: "p1", payload: #"{"mood":3,"notes":"base"}"#)
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)
        r.aClock.set(10)
        r.bClock.set(20)
        try r.f.put(r.athlete, id: "p1", payload: #"{"mood":5,"notes":"base"}"#)
        try r.putB("p1", payload: #"{"mood":3,"notes":"from b"}"#)
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)  // B meets A's edit with its own queued
        try server.sync(r.a, as: r.f.owner)
        let merged = try #require(try r.f.records(r.athlete)["p1"])
        let fields = try #require(
            try JSONSerialization.jsonObject(with: Data(merged.utf8)) as? [String: Any])
        #expect(fields["mood"] as? Int == 5)
        #expect(fields["notes"] as? String == "from b")
        #expect(try r.recordsB() == (try r.f.records(r.athlete)))
        #expect(try r.a.syncStatus().conflicts + r.b.syncStatus().conflicts == 0)
        #expect(try r.a.outbox().isEmpty && r.b.outbox().isEmpty)
    }

    @Test("The same record put with the same content on two machines is no conflict")
    func identicalPutsAgree() throws {
        let r = try SyncReplicas()
        var server = SyncTestServer()
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)
        try r.f.put(r.athlete, id: "i0123456789abcdef01234567", payload: #"{"steps":100}"#)
        try r.putB("i0123456789abcdef01234567", payload: #"{"steps":100}"#)
        try server.sync(r.b, as: r.ownerB)
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)
        #expect(try r.a.syncStatus().conflicts == 0)
        #expect(try r.recordsB() == (try r.f.records(r.athlete)))
        #expect(try r.a.outbox().isEmpty)
    }

    @Test("A delete on one machine reaches the other as a tombstone")
    func deleteTravels() throws {
        let r = try SyncReplicas()
        var server = SyncTestServer()
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)
        try r.a.write { db in
            let k = try AthleteKeyring.open(db, athleteId: r.athlete, principal: r.f.owner)
            try r.a.deleteRecord(
                db, keyring: k, id: RecordID("r1"), actor: r.f.owner, action: "t")
        }
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)
        #expect(try r.recordsB()["r1"] == nil)
        #expect(try r.recordsB() == (try r.f.records(r.athlete)))
    }

    /// What the hook stops a page with, as a crash would.
    struct Stopped: Error {}

    @Test("A page stopped after half its changes are written applies none of them")
    func stoppedMidPage() throws {
        let r = try SyncReplicas()
        var server = SyncTestServer()
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)
        for id in ["c1", "c2", "c3", "c4"] {
            try r.f.put(r.athlete, id: id, payload: #"{"mood":3}"#)
        }
        try server.sync(r.a, as: r.f.owner)
        let before = try r.recordsB()
        let cursors = try r.b.streamCursors()
        let page = try server.page(for: r.b)
        #expect(page.count == 4)
        var seen: [Int] = []
        #expect(throws: Stopped.self) {
            try r.b.applyPulled(page, as: r.ownerB) { index in
                seen.append(index)
                if index == page.count / 2 { throw Stopped() }
            }
        }
        #expect(seen == [0, 1, 2])
        #expect(try r.recordsB() == before)
        #expect(try r.b.streamCursors() == cursors)
        let report = try r.b.applyPulled(page, as: r.ownerB)
        #expect(report.applied == 4)
        #expect(try r.recordsB() == (try r.f.records(r.athlete)))
    }
}
