import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// Conflicts listed on every replica (issue 26, Build 3): the replica that resolves a conflict
/// queues it as a signed note, and every replica that pulls it lists the same winner, loser and
/// record, whatever order the changes reach it in; a note that lies is refused.
@Suite struct SyncConflictListingTests {
    /// One listed conflict without the time this replica found it.
    struct Listed: Hashable {
        let object: String
        let winner: String
        let loser: String
        let resolver: DeviceID?

        init(_ c: SyncConflict) {
            func side(_ s: SyncConflict.Side) -> String {
                let value = s.payload.map { String(decoding: $0, as: UTF8.self) } ?? "-"
                return "\(s.device.rawValue) \(s.clock.packed) \(s.operation) \(value)"
            }
            object = c.object
            winner = side(c.winner)
            loser = side(c.loser)
            resolver = c.resolver
        }
    }

    /// Which of A and B pushes its edit first (the other one resolves the conflict).
    enum First: String, CaseIterable, Sendable { case a, b }
    /// When C pulls: before either edit reaches the server, between the two, or after both.
    enum Pull: String, CaseIterable, Sendable { case early, between, late }
    /// Which of A and B edits with the later clock.
    typealias Later = SyncApplyTests.Later

    static func listed(_ ws: Workspace, _ actor: Principal) throws -> Set<Listed> {
        Set(try ws.syncConflicts(as: actor).map(Listed.init))
    }

    static let cases: [(Later, First, Pull)] = Later.allCases.flatMap { later in
        First.allCases.flatMap { first in Pull.allCases.map { (later, first, $0) } }
    }

    @Test(
        "A conflict on one record is listed the same on all three replicas, in every order",
        arguments: cases)
    func listedEverywhere(later: Later, first: First, pull: Pull) throws {
        let r = try SyncReplicas(third: true)
        let c = try #require(r.c), ownerC = try #require(r.ownerC)
        var server = SyncTestServer()
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)
        try server.sync(c, as: ownerC)
        r.aClock.set(later == .a ? 20 : 10)
        r.bClock.set(later == .b ? 20 : 10)
        r.cClock.set(30)
        try r.f.put(r.athlete, id: "r1", payload: #"{"mood":1}"#)
        try r.putB("r1", payload: #"{"mood":5}"#)
        let order: [(Workspace, Principal)] =
            first == .a
            ? [(r.a, r.f.owner), (r.b, r.ownerB)] : [(r.b, r.ownerB), (r.a, r.f.owner)]
        if pull == .early { try server.sync(c, as: ownerC) }
        try server.sync(order[0].0, as: order[0].1)
        if pull == .between { try server.sync(c, as: ownerC) }
        try server.sync(order[1].0, as: order[1].1)  // resolves, queues the note, pushes
        for (ws, actor) in [(c, ownerC), (r.a, r.f.owner), (r.b, r.ownerB), (c, ownerC)] {
            try server.sync(ws, as: actor)
        }
        let a = try Self.listed(r.a, r.f.owner)
        #expect(a.count == 1)
        #expect(try Self.listed(r.b, r.ownerB) == a)
        #expect(try Self.listed(c, ownerC) == a)
        let winner = later == .a ? #"{"mood":1}"# : #"{"mood":5}"#
        let loser = later == .a ? #"{"mood":5}"# : #"{"mood":1}"#
        #expect(a.first?.winner.hasSuffix(winner) == true)
        #expect(a.first?.loser.hasSuffix(loser) == true)
        #expect(try r.f.records(r.athlete)["r1"] == winner)
        #expect(try r.recordsB() == (try r.f.records(r.athlete)))
        // Syncing again lists nothing twice, and no note ever becomes a record.
        try server.sync(r.b, as: r.ownerB)
        #expect(try r.b.syncStatus().conflicts == 1)
        #expect(try r.f.records(r.athlete).keys.allSatisfy { !$0.hasPrefix("x") })
    }

    @Test(
        "A field both machines changed lists the same losing value on every replica",
        arguments: First.allCases)
    func fieldConflictsEverywhere(first: First) throws {
        let r = try SyncReplicas(third: true)
        let c = try #require(r.c), ownerC = try #require(r.ownerC)
        var server = SyncTestServer()
        try r.f.put(r.athlete, id: "p1", payload: #"{"mood":3,"notes":"base","sleep":7}"#)
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)
        try server.sync(c, as: ownerC)
        r.aClock.set(10)
        r.bClock.set(20)
        try r.f.put(r.athlete, id: "p1", payload: #"{"mood":5,"notes":"from a","sleep":7}"#)
        try r.putB("p1", payload: #"{"mood":4,"notes":"base","sleep":8}"#)
        let order: [(Workspace, Principal)] =
            first == .a
            ? [(r.a, r.f.owner), (r.b, r.ownerB)] : [(r.b, r.ownerB), (r.a, r.f.owner)]
        for (ws, actor) in order + [(c, ownerC), (r.a, r.f.owner), (r.b, r.ownerB)] {
            try server.sync(ws, as: actor)
        }
        let merged = try #require(try r.f.records(r.athlete)["p1"])
        #expect(merged == #"{"mood":4,"notes":"from a","sleep":8}"#)
        let a = try Self.listed(r.a, r.f.owner)
        #expect(a.count == 1)
        #expect(a.first?.loser.hasSuffix(#"{"mood":5,"notes":"from a","sleep":7}"#) == true)
        #expect(try Self.listed(r.b, r.ownerB) == a)
        #expect(try Self.listed(c, ownerC) == a)
    }

    /// How a test alters B's queued conflict note before it is pushed, re-signed by B.
    enum Forgery: String, CaseIterable, Sendable {
        /// The losing change's sealed body altered (its device's signature no longer holds).
        case alteredLoser
        /// The note moved to another object id than its pair gives.
        case otherObject
        /// Winner and loser swapped (the id made again): the winner loses by the clock.
        case swapped
    }

    @Test(
        "A conflict note that lies is refused (exit 74) and nothing of its page is applied",
        arguments: Forgery.allCases)
    func forgedNoteRefused(forgery: Forgery) throws {
        let r = try SyncReplicas(third: true)
        let c = try #require(r.c), ownerC = try #require(r.ownerC)
        var server = SyncTestServer()
        for (ws, actor) in [(r.a, r.f.owner), (r.b, r.ownerB), (c, ownerC)] {
            try server.sync(ws, as: actor)
        }
        try r.editOnBoth()
        try server.sync(r.a, as: r.f.owner)
        _ = try r.b.applyPulled(try server.page(for: r.b), as: r.ownerB)  // B resolves
        let signer = try #require(r.b.syncSigner.withLock { $0 })
        try r.b.write { db in
            let row = try #require(
                try Row.fetchOne(
                    db, sql: "SELECT * FROM outbox WHERE object LIKE 'x%' ORDER BY sequence"))
            var note = try ChangeEnvelope.decode([UInt8](row["envelope"] as Data))
            switch forgery {
            case .alteredLoser: note.body[note.body.count - 1] ^= 1
            case .otherObject: note.object = "x" + String(repeating: "0", count: 24)
            case .swapped:
                let pair = try #require(SyncConflictNote(body: note.body))
                let swapped = SyncConflictNote(winner: pair.loser, loser: pair.winner)
                (note.body, note.object) = (swapped.body, swapped.object)
            }
            note.sign(by: signer.keys)
            try db.execute(
                sql: "UPDATE outbox SET envelope = ?, object = ? WHERE sequence = ?",
                arguments: [Data(note.encoded()), note.object, row["sequence"] as Int64])
        }
        #expect(try server.push(r.b))
        let before = try c.streamCursors()
        let error = #expect(throws: SyncFailure.self) {
            try c.applyPulled(try server.page(for: c), as: ownerC)
        }
        #expect(error?.category == .corrupt, "\(String(describing: error))")
        #expect("\(String(describing: error))".contains("conflict note"))
        #expect(try c.syncStatus().conflicts == 0)
        #expect(try c.streamCursors() == before)
    }

    @Test("A conflict planted in the file's list is exit 74 when listed, not shown")
    func plantedListingRefused() throws {
        let r = try SyncReplicas()
        var server = SyncTestServer()
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)
        try r.editOnBoth()
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)  // B resolves: its own change wins
        #expect(try r.b.syncConflicts(as: r.ownerB).count == 1)
        // An insider adds a copy of the conflict whose loser shows another clock than the one
        // its device signed.
        try r.b.write { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM sync_conflicts"))
            var loser = try ChangeEnvelope.decode([UInt8](row["loser"] as Data))
            loser.clock = HybridTimestamp(packed: loser.clock.packed + 1)
            try db.execute(
                sql: SyncTables.insertConflict,
                arguments: [
                    row["athlete_id"] as String, row["object"] as String, row["kind"] as String,
                    row["day"] as String, row["winner"] as Data, Data(loser.encoded()),
                    row["found_at"] as Int64, row["resolver_device"] as String?,
                ])
        }
        let error = #expect(throws: StoreError.self) { try r.b.syncConflicts(as: r.ownerB) }
        #expect(error?.category == .corrupt, "\(String(describing: error))")
    }

    @Test("A queued conflict note is sealed again under a new epoch as a note, not a tombstone")
    func noteResealed() throws {
        let r = try SyncReplicas()
        var server = SyncTestServer()
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)
        try r.editOnBoth()
        try server.sync(r.a, as: r.f.owner)
        _ = try r.b.applyPulled(try server.page(for: r.b), as: r.ownerB)  // B resolves
        let queued = { () throws -> ChangeEnvelope in
            try r.b.read { db in
                let bytes = try #require(
                    try Data.fetchOne(db, sql: "SELECT envelope FROM outbox WHERE object LIKE 'x%'")
                )
                return try ChangeEnvelope.decode([UInt8](bytes))
            }
        }
        let before = try queued()
        #expect(before.epoch == 1)
        // A revocation on B moves the athlete to epoch 2 (through a roster that takes all).
        let roster = LockedValue<[RosterEntry]>([])
        r.b.useRosterGate(
            RosterGate(
                actor: r.ownerB, fetch: { (roster.withLock { $0 }, .empty) },
                push: { entries, head in
                    roster.withLock { $0 += entries }
                    return .accepted(head.appending(contentsOf: entries))
                }))
        let athlete = try r.b.openAthlete(id: AthleteID(r.athlete), as: r.ownerB)
        try r.b.grantAccess(athlete, to: "carl")
        try r.b.revokeAccess(
            try r.b.openAthlete(id: AthleteID(r.athlete), as: r.ownerB), from: Handle("carl"))
        _ = try r.b.prepareOutbox(as: r.ownerB)
        let after = try queued()
        #expect(after.epoch == 2)
        #expect(after.operation == .put && after.kind == SyncConflictNote.kind)
        #expect(after.object == before.object && after.body == before.body)
        #expect(SyncConflictNote(body: after.body) != nil)
    }
}
