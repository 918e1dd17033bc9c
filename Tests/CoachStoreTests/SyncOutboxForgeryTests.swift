import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// A change planted in the outbox by someone who can write the file (a delete needs no key) is
/// never signed again by this device when the outbox is chained again: tampering, nothing
/// signed, the outbox left as found.
@Suite struct SyncOutboxForgeryTests {
    /// A delete of `object` planted in `ws`'s outbox as the device's next change, signed by a
    /// key that is not the device's, with the device's tip moved over it.
    static func plantDelete(in ws: Workspace, athlete: String, object: String) throws {
        let signer = try #require(ws.syncSigner.withLock { $0 })
        let forger = try SigningKeyPair.generate()
        try ws.write { db in
            var tip = try SyncTip.load(db, device: signer.device)
            var change = ChangeEnvelope(
                workspaceId: try ws.workspaceId(db), stream: .athlete(AthleteID(athlete)),
                object: object, kind: "wellness", day: "2026-11-24", operation: .delete,
                baseVersion: 1, clock: HybridTimestamp(milliseconds: 1_795_000_030_000, counter: 0),
                device: signer.device, author: signer.userId, epoch: 1,
                sequence: tip.sequence + 1, previousHash: tip.hash, body: [])
            change.sign(by: forger)
            try db.execute(
                sql: SyncTables.insertOutbox,
                arguments: [
                    signer.device.rawValue, change.sequence, athlete, object,
                    Data(change.encoded()), nil,
                ])
            tip.sequence = change.sequence
            tip.hash = change.hash
            try tip.save(db)
        }
    }

    /// The outbox rows' envelopes as stored.
    static func outboxBytes(_ ws: Workspace) throws -> [Data] {
        try ws.read { db in
            try Data.fetchAll(db, sql: "SELECT envelope FROM outbox ORDER BY sequence")
        }
    }

    /// Whether the device signed a delete of `object` now queued.
    static func deviceSignedDelete(_ ws: Workspace, object: String) throws -> Bool {
        let signer = try #require(ws.syncSigner.withLock { $0 })
        return try outboxBytes(ws).contains { bytes in
            let change = try ChangeEnvelope.decode([UInt8](bytes))
            return change.operation == .delete && change.object == object
                && change.signatureValid(devicePK: signer.keys.publicKey)
        }
    }

    static func isTampered(_ body: () throws -> Void) -> Bool {
        do {
            try body()
        } catch StoreError.tampered {
            return true
        } catch {
            Issue.record("expected tampering, got \(error)")
        }
        return false
    }

    @Test("A planted delete is tampering when a conflict chains the outbox again, never signed")
    func plantedDeleteOnMerge() throws {
        let r = try SyncReplicas()
        var server = SyncTestServer()
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)
        r.aClock.set(20)
        r.bClock.set(10)
        try r.f.put(r.athlete, id: "r1", payload: #"{"mood":1}"#)
        try r.f.put(r.athlete, id: "r2", payload: #"{"mood":2}"#)
        try r.putB("r1", payload: #"{"mood":5}"#)
        try server.sync(r.b, as: r.ownerB)
        try Self.plantDelete(in: r.a, athlete: r.athlete, object: "r2")
        let before = try Self.outboxBytes(r.a)
        let page = try server.page(for: r.a)
        #expect(Self.isTampered { _ = try r.a.applyPulled(page, as: r.f.owner) })
        #expect(try Self.outboxBytes(r.a) == before)
        #expect(try !Self.deviceSignedDelete(r.a, object: "r2"))
        #expect(try r.f.records(r.athlete)["r2"] == #"{"mood":2}"#)
    }

    @Test("A planted delete is tampering before the outbox is made pushable, never signed")
    func plantedDeleteOnPrepare() throws {
        let r = try SyncReplicas()
        var server = SyncTestServer()
        try server.sync(r.a, as: r.f.owner)
        try r.f.put(r.athlete, id: "r2", payload: #"{"mood":2}"#)
        try Self.plantDelete(in: r.a, athlete: r.athlete, object: "r1")
        let before = try Self.outboxBytes(r.a)
        #expect(Self.isTampered { _ = try r.a.prepareOutbox(as: r.f.owner) })
        #expect(try Self.outboxBytes(r.a) == before)
        #expect(try !Self.deviceSignedDelete(r.a, object: "r1"))
    }

    @Test("A queued change of this device moved to another object's row is tampering")
    func movedChange() throws {
        let r = try SyncReplicas()
        var server = SyncTestServer()
        try server.sync(r.a, as: r.f.owner)
        try r.f.put(r.athlete, id: "r2", payload: #"{"mood":2}"#)
        try r.a.write { db in try db.execute(sql: "UPDATE outbox SET object = 'r1'") }
        #expect(Self.isTampered { _ = try r.a.prepareOutbox(as: r.f.owner) })
    }
}
