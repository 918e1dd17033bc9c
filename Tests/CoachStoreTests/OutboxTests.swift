import CoachKit
import CoachTrust
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// The outbox (issue 26, item 1): a workspace that syncs signs a change envelope for every
/// record write, whose body is the row's own ciphertext; one that does not sync records none.
@Suite struct OutboxTests {
    /// A fixture whose owner has this machine's device open.
    static func synced(genesis: Bool = true, records: Int = 0) throws -> (Fixture, String) {
        let f = try Fixture()
        let a = try f.athlete("anna")
        for n in 0..<records {
            try f.put(a, id: "before-\(n)", payload: #"{"mood":\#(n % 5 + 1)}"#)
        }
        let enrolment = try f.ws.ensureDevice(sealedKey: nil, name: "laptop", as: f.owner)
        try f.ws.useDevice(sealedKey: try #require(enrolment.sealedKey), as: f.owner)
        try f.ws.startSync(
            server: "http://127.0.0.1:1", registration: [1, 2, 3], genesis: genesis, as: f.owner)
        return (f, a)
    }

    /// Every queued envelope, decoded.
    static func queued(_ f: Fixture) throws -> [ChangeEnvelope] {
        try f.ws.outbox().map { try ChangeEnvelope.decode($0.envelope) }
    }

    /// The row's nonce and ciphertext, as stored.
    static func body(_ f: Fixture, _ athlete: String, _ id: String) throws -> [UInt8] {
        try f.raw { db in
            let row = try #require(
                try Row.fetchOne(
                    db, sql: "SELECT nonce, ciphertext FROM records WHERE \(ofAthlete) AND id = ?",
                    arguments: [athlete, id]))
            return [UInt8](row["nonce"] as Data) + [UInt8](row["ciphertext"] as Data)
        }
    }

    @Test("A workspace that does not sync queues nothing and keeps every sync table empty")
    func singleFileQueuesNothing() throws {
        let f = try Fixture()
        let a = try f.athlete("anna")
        try f.put(a, id: "r1", payload: #"{"mood":4}"#)
        try f.ws.write { db in
            let k = try AthleteKeyring.open(db, athleteId: a, principal: f.owner)
            try f.ws.deleteRecord(db, keyring: k, id: RecordID("r1"), actor: f.owner, action: "t")
        }
        #expect(try !f.ws.isSynced())
        let counts = try f.raw { db in
            try ["outbox", "record_changes", "sync_tips", "sync_state"].map {
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0)") ?? -1
            }
        }
        #expect(counts == [0, 0, 0, 0])
    }

    @Test("Publishing queues every existing record as a genesis put of its row as stored")
    func genesis() throws {
        let (f, a) = try Self.synced(records: 3)
        let changes = try Self.queued(f)
        // The athlete's profile is a record too.
        #expect(
            changes.map(\.object).sorted() == ["before-0", "before-1", "before-2", "profile"])
        for change in changes {
            #expect(change.operation == .put)
            #expect(change.baseVersion == 0)
            #expect(change.stream == .athlete(AthleteID(a)))
            #expect(change.body == (try Self.body(f, a, change.object)))
        }
        #expect(changes.map(\.sequence) == [1, 2, 3, 4])
    }

    @Test("A record write queues a put signed by this machine's device, continuing its chain")
    func putIsSignedAndChained() throws {
        let (f, a) = try Self.synced(records: 1)
        try f.put(a, id: "r1", payload: #"{"mood":4}"#)
        try f.put(a, id: "r1", day: "2026-11-25", payload: #"{"mood":5}"#)
        let changes = try Self.queued(f)
        #expect(changes.count == 4)  // the profile, before-0, r1 twice
        let last = try #require(changes.last)
        #expect(last.object == "r1")
        #expect(last.day == "2026-11-25")
        #expect(last.baseVersion == 1)
        #expect(last.version == 2)
        #expect(last.body == (try Self.body(f, a, "r1")))
        #expect(last.author == f.owner.userId)
        let device = try f.ws.read { db in try f.ws.verifiedDevice(db, last.device, as: f.owner) }
        let verified = try #require(device)
        for change in changes {
            try ChangeVerifier.verifySignature(
                change, device: verified, workspaceId: f.owner.anchor.workspaceId)
        }
        let end = try ChangeVerifier.verifyChain(changes, from: .genesis)
        #expect(end.sequence == 4)
        #expect(zip(changes, changes.dropFirst()).allSatisfy { $0.clock < $1.clock })
    }

    @Test("A delete queues a tombstone, and a record made again continues after it")
    func tombstoneThenRecreate() throws {
        let (f, a) = try Self.synced()
        try f.put(a, id: "r1", payload: #"{"mood":4}"#)
        try f.ws.write { db in
            let k = try AthleteKeyring.open(db, athleteId: a, principal: f.owner)
            try f.ws.deleteRecord(db, keyring: k, id: RecordID("r1"), actor: f.owner, action: "t")
        }
        try f.put(a, id: "r1", payload: #"{"mood":2}"#)
        let changes = try Self.queued(f).filter { $0.object == "r1" }
        #expect(changes.map(\.operation) == [.put, .delete, .put])
        #expect(changes.map(\.version) == [1, 2, 3])
        #expect(changes[1].body.isEmpty)
        #expect(try f.records(a)["r1"] == #"{"mood":2}"#)
    }

    @Test("A write in a synced workspace without this machine's device open writes nothing")
    func writeNeedsDevice() throws {
        let (f, a) = try Self.synced()
        let before = try f.ws.outbox()
        f.ws.syncSigner.withLock { $0 = nil }
        #expect(throws: SyncFailure.deviceNotOpen) {
            try f.put(a, id: "r1", payload: #"{"mood":4}"#)
        }
        #expect(try f.records(a)["r1"] == nil)
        #expect(try f.ws.outbox() == before)
    }

    @Test("Publishing twice is refused, and only the owner publishes")
    func publishRules() throws {
        let (f, _) = try Self.synced()
        #expect(throws: SyncFailure.alreadySynced(server: "http://127.0.0.1:1")) {
            try f.ws.startSync(server: "http://x", registration: [], genesis: true, as: f.owner)
        }
        let g = try Fixture()
        let carl = try g.user("carl", role: .coach)
        let sealed = try g.ws.ensureDevice(sealedKey: nil, name: "c", as: carl).sealedKey
        try g.ws.useDevice(sealedKey: try #require(sealed), as: carl)
        #expect(throws: StoreError.self) {
            try g.ws.startSync(server: "http://x", registration: [], genesis: true, as: carl)
        }
        #expect(try !g.ws.isSynced())
    }
}
