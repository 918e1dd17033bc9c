import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachCrypto
@testable import CoachStore

/// SECURITY.md test 15: an audit entry edited, deleted, reordered or forged makes verification fail,
/// naming the entry.
@Suite struct AuditTamperTests {
    enum Tamper: String, CaseIterable, Sendable {
        case editAction, editTime, editActor, editTargetHash, editPrevHash, deleteMiddle, swapTwo,
            randomSignature,
            editAndRehash, forgedAppendedEntry
    }

    static func setUp() throws -> Fixture {
        let f = try Fixture()
        let jane = try f.athlete("jane")
        _ = try f.user("carl", role: .coach)
        try f.put(jane, id: "w1", payload: "{}")
        try f.put(jane, id: "w2", payload: "{}")
        try f.ws.grantAccess(try f.ws.openAthlete(id: AthleteID(jane), as: f.owner), to: "carl")
        return f
    }

    @Test("An untouched log verifies entry by entry")
    func intact() throws {
        let f = try Self.setUp()
        let v = try f.ws.verifyAudit()
        #expect(v.ok && v.failedSeq == nil)
        #expect(v.entries == (try f.auditCount()) && v.entries >= 7)
    }

    @Test("Tampering is detected at the right entry", arguments: Tamper.allCases)
    func detected(tamper: Tamper) throws {
        let f = try Self.setUp()
        let n = try f.auditCount()
        var expectedSeq: Int64 = 0
        try f.raw { db in
            switch tamper {
            case .editAction:
                try db.execute(sql: "UPDATE audit SET action = 'athlete.remove' WHERE seq = 3");
                expectedSeq = 3
            case .editTime:
                try db.execute(sql: "UPDATE audit SET time = '2020-01-01T00:00:00Z' WHERE seq = 4");
                expectedSeq = 4
            case .editActor:
                try db.execute(
                    sql:
                        "UPDATE audit SET actor_id = (SELECT id FROM users WHERE handle = 'carl') WHERE seq = 5"
                ); expectedSeq = 5
            case .editTargetHash:
                try db.execute(
                    sql:
                        "UPDATE audit SET target_hash = randomblob(32) WHERE seq = (SELECT MIN(seq) FROM audit WHERE target_hash IS NOT NULL)"
                )
                expectedSeq = try Int64.fetchOne(
                    db, sql: "SELECT MIN(seq) FROM audit WHERE target_hash IS NOT NULL")!
            case .editPrevHash:
                try db.execute(sql: "UPDATE audit SET prev_hash = randomblob(32) WHERE seq = 6");
                expectedSeq = 6
            case .deleteMiddle:
                try db.execute(sql: "DELETE FROM audit WHERE seq = 3"); expectedSeq = 4
            case .swapTwo:
                try db.execute(sql: "UPDATE audit SET seq = -1 WHERE seq = 3")
                try db.execute(sql: "UPDATE audit SET seq = 3 WHERE seq = 4")
                try db.execute(sql: "UPDATE audit SET seq = 4 WHERE seq = -1")
                expectedSeq = 3
            case .randomSignature:
                try db.execute(sql: "UPDATE audit SET signature = randomblob(64) WHERE seq = 2");
                expectedSeq = 2
            case .editAndRehash:
                let r = try Row.fetchOne(db, sql: "SELECT * FROM audit WHERE seq = 3")!
                let hash = Workspace.auditHash(
                    seq: 3, prev: [UInt8](r["prev_hash"] as Data), actor: r["actor_id"],
                    action: "user.disable",
                    athleteId: r["athlete_id"], target: r["target_id"],
                    targetHash: (r["target_hash"] as Data?).map { [UInt8]($0) }, time: r["time"])
                try db.execute(
                    sql: "UPDATE audit SET action = 'user.disable', entry_hash = ? WHERE seq = 3",
                    arguments: [Data(hash)])
                expectedSeq = 3
            case .forgedAppendedEntry:
                let last = try Row.fetchOne(
                    db, sql: "SELECT * FROM audit ORDER BY seq DESC LIMIT 1")!
                let seq = (last["seq"] as Int64) + 1
                let actor: String = try String.fetchOne(
                    db, sql: "SELECT id FROM users WHERE handle = 'olivia'")!
                let forger = try SigningKeyPair.generate()
                let hash = Workspace.auditHash(
                    seq: seq, prev: [UInt8](last["entry_hash"] as Data), actor: actor,
                    action: "user.disable",
                    athleteId: nil, target: nil, targetHash: nil, time: "2026-11-24T06:00:00Z")
                try db.execute(
                    sql: """
                        INSERT INTO audit (seq, prev_hash, actor_id, action, time, entry_hash, signature) VALUES (?, ?, ?, 'user.disable', '2026-11-24T06:00:00Z', ?, ?)
                        """,
                    arguments: [
                        seq, last["entry_hash"] as Data, actor, Data(hash), Data(forger.sign(hash)),
                    ])
                expectedSeq = seq
            }
        }
        let v = try f.ws.verifyAudit()
        #expect(!v.ok)
        #expect(v.failedSeq == expectedSeq, "\(tamper): \(v.reason ?? "")")
        #expect(!(v.reason ?? "").isEmpty)
        if tamper == .deleteMiddle {
            #expect(v.reason?.contains("3") == true, "names the missing entry")
        }
        #expect(n > 0)
        let doctor = try f.ws.doctor(as: nil)
        #expect(doctor.first { $0.name == "audit" }?.ok == false)
    }

    @Test("Audit entries hold no payloads: only ids, actions, times and hashes")
    func noPayloads() throws {
        let f = try Fixture()
        let jane = try f.athlete("jane", goals: "audit-canary-goal")
        try f.put(jane, id: "w1", payload: #"{"notes":"audit-canary-note"}"#)
        let dump = try f.ws.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM audit").map { $0.description }.joined()
        }
        #expect(!dump.contains("audit-canary") && !dump.contains("jane"))
    }
}
