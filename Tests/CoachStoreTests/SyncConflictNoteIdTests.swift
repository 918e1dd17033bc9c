import CoachKit
import CoachTrust
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// Conflict notes of one losing change made on two replicas (issue 26, review of the conflict
/// notes): when three replicas edit one record offline, the change pushed first loses on each
/// of the other two to a different change. Each replica queues its own note; the notes must
/// not share an object id, or the later one is stale on the server for ever and holds back
/// every change queued behind it.
@Suite struct SyncConflictNoteIdTests {
    /// One replica of the three, with the user it syncs as.
    struct Replica {
        let ws: Workspace
        let actor: Principal
    }

    /// The order the three replicas push in (indices of A, B, C), whether the two later ones
    /// pull the first push (and resolve against it) before either of them pushes, and whether
    /// the replica that pushes first has the earliest clock or the latest.
    static let cases: [([Int], Bool, Bool)] = [
        [0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0],
    ].flatMap { order in
        [false, true].flatMap { early in [false, true].map { (order, early, $0) } }
    }

    static func put(_ r: SyncReplicas, _ replica: Replica, payload: String) throws {
        try replica.ws.write { db in
            let k = try AthleteKeyring.open(db, athleteId: r.athlete, principal: replica.actor)
            try replica.ws.putRecord(
                db, keyring: k, id: RecordID("r1"), kind: .wellness, day: "2026-11-24",
                payload: Array(payload.utf8), actor: replica.actor, action: "test.put")
        }
    }

    static func records(_ r: SyncReplicas, _ replica: Replica) throws -> [String: String] {
        try replica.ws.read { db in
            let k = try AthleteKeyring.open(db, athleteId: r.athlete, principal: replica.actor)
            return Dictionary(
                uniqueKeysWithValues: try replica.ws.fetchRecords(db, keyring: k).map {
                    ($0.id, String(decoding: $0.payload, as: UTF8.self))
                })
        }
    }

    @Test(
        "Three replicas editing one record offline all sync and list the same conflicts",
        arguments: cases)
    func threeEdits(order: [Int], early: Bool, firstIsEarliest: Bool) throws {
        let r = try SyncReplicas(third: true)
        let c = try #require(r.c), ownerC = try #require(r.ownerC)
        let all = [
            Replica(ws: r.a, actor: r.f.owner), Replica(ws: r.b, actor: r.ownerB),
            Replica(ws: c, actor: ownerC),
        ]
        var server = SyncTestServer()
        for replica in all { try server.sync(replica.ws, as: replica.actor) }
        let clocks = [r.aClock, r.bClock, r.cClock]
        for (rank, index) in order.enumerated() {
            clocks[index].set(Double(firstIsEarliest ? 10 + rank * 10 : 30 - rank * 10))
            try Self.put(r, all[index], payload: "{\"mood\":\(index + 5)}")
        }
        let pushers = order.map { all[$0] }
        try server.sync(pushers[0].ws, as: pushers[0].actor)
        if early {
            // Both later replicas resolve against the first push and queue a note of it.
            for p in pushers.dropFirst() {
                _ = try p.ws.applyPulled(try server.page(for: p.ws), as: p.actor)
            }
        }
        for p in pushers.dropFirst() { try server.sync(p.ws, as: p.actor) }
        for _ in 0..<2 {
            for p in pushers { try server.sync(p.ws, as: p.actor) }
        }
        let listed = try SyncConflictListingTests.listed(r.a, r.f.owner)
        #expect(listed.count >= 2)
        let expected = try Self.records(r, all[0])
        for replica in all {
            #expect(try replica.ws.outbox().isEmpty)
            #expect(try SyncConflictListingTests.listed(replica.ws, replica.actor) == listed)
            #expect(try Self.records(r, replica) == expected)
        }
        let winner = firstIsEarliest ? order[2] : order[0]
        #expect(expected["r1"] == "{\"mood\":\(winner + 5)}")
    }
}
