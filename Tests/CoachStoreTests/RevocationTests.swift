import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachCrypto
@testable import CoachStore

/// SECURITY.md test 8 in process: a revoked coach keeps only what they could read before; with their
/// old keys and a fresh copy of the database they decrypt nothing written afterwards.
@Suite struct RevocationTests {
    struct Scene {
        let f: Fixture
        let jane: String
        let carl: Principal, dana: Principal
        let oldDataKey: [UInt8]
    }

    static func revoked() throws -> Scene {
        let f = try Fixture()
        let jane = try f.athlete("jane")
        let carl = try f.user("carl", role: .coach), dana = try f.user("dana", role: .coach)
        try f.ws.grantAccess(try f.ws.openAthlete(id: AthleteID(jane), as: f.owner), to: "carl")
        try f.ws.grantAccess(try f.ws.openAthlete(id: AthleteID(jane), as: f.owner), to: "dana")
        try f.put(jane, id: "before", payload: "written-before-revocation")
        let oldKey = try f.keyring(jane, carl).currentDataKey.exportBytes()
        _ = try f.ws.unlock(handle: "carl", passphrase: secret(Fixture.coachPass), ttlSeconds: 600)
        try f.ws.revokeAccess(try f.ws.openAthlete(id: AthleteID(jane), as: f.owner), from: "carl")
        try f.put(jane, id: "after", payload: "written-after-revocation", as: dana)
        return Scene(f: f, jane: jane, carl: carl, dana: dana, oldDataKey: oldKey)
    }

    /// Tries to decrypt every record row of `file` with the epoch-1 data key.
    static func decryptWithOldKey(_ file: String, athleteId: String, key: [UInt8]) throws
        -> [String: Bool]
    {
        let q = try DatabaseQueue(path: file)
        let rk = try Hashing.deriveSubkey(id: 1, context: "records_", from: secretBytes(key))
        return try q.read { db in
            var out: [String: Bool] = [:]
            for row in try Row.fetchAll(
                db,
                sql:
                    "SELECT * FROM records WHERE \(ofAthlete)",
                arguments: [athleteId])
            {
                let ad = RecordCodec.ad(
                    athleteId: athleteId, id: row["id"], kind: row["kind"], day: row["day"],
                    epoch: row["epoch"], version: row["version"])
                let sealed = SealedPayload(
                    nonce: [UInt8](row["nonce"] as Data),
                    ciphertext: [UInt8](row["ciphertext"] as Data))
                out[row["id"]] = (try? AEAD.open(sealed, ad: ad, key: rk)) != nil
            }
            return out
        }
    }

    static func secretBytes(_ b: [UInt8]) throws -> SecretKey {
        var c = b; return try SecretKey(consuming: &c)
    }

    @Test("The revoked coach's old principal opens nothing; their sessions are gone")
    func revokedCoachLosesAccess() throws {
        let s = try Self.revoked()
        #expect(throws: StoreError.self) { try s.f.keyring(s.jane, s.carl) }
        #expect(throws: StoreError.athleteNotFound("jane")) {
            try s.f.ws.resolveAthlete("jane", as: s.carl)
        }
        #expect(try s.f.ws.listAthletes(as: s.carl).isEmpty)
        let sessions = try s.f.ws.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM sessions WHERE user_id = ?",
                arguments: [s.carl.userId])
        }
        #expect(sessions == 0)
        let grants = try s.f.ws.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM grants WHERE user_id = ?", arguments: [s.carl.userId]
            )
        }
        #expect(grants == 0)
    }

    @Test(
        "Old keys against a fresh copy of the database decrypt only what was written before the revocation"
    )
    func oldKeysFreshCopy() throws {
        let s = try Self.revoked()
        let copy = s.f.dir.file("fresh-copy.sqlite")
        try s.f.ws.backup(to: copy)
        let result = try Self.decryptWithOldKey(copy, athleteId: s.jane, key: s.oldDataKey)
        #expect(
            result["before"] == true,
            "what the coach could already read stays readable to them (documented)")
        #expect(result["after"] == false)
        #expect(result["profile"] == true)
        // The profile edited after the revocation is under the new epoch too.
        _ = try s.f.ws.updateProfile(try s.f.ws.openAthlete(id: AthleteID(s.jane), as: s.f.owner)) {
            $0.notes.goals = "new plan"
        }
        let copy2 = s.f.dir.file("fresh-copy-2.sqlite")
        try s.f.ws.backup(to: copy2)
        #expect(
            try Self.decryptWithOldKey(copy2, athleteId: s.jane, key: s.oldDataKey)["profile"]
                == false)
    }

    @Test("Remaining holders, the owner and a newly granted coach read all history")
    func remainingAndNewHolders() throws {
        let s = try Self.revoked()
        let expected = ["before": "written-before-revocation", "after": "written-after-revocation"]
        for who in [s.dana, s.f.owner] {
            let r = try s.f.records(s.jane, as: who)
            #expect(r["before"] == expected["before"] && r["after"] == expected["after"])
        }
        let erin = try s.f.user("erin", role: .coach)
        try s.f.ws.grantAccess(
            try s.f.ws.openAthlete(id: AthleteID(s.jane), as: s.dana), to: "erin")
        let r = try s.f.records(s.jane, as: erin)
        #expect(r["before"] == expected["before"] && r["after"] == expected["after"])
        #expect(try s.f.keyring(s.jane, erin).currentEpoch == 2)
    }

    @Test("A keyring opened before the revocation cannot write under the retired epoch")
    func retiredEpochRefused() throws {
        let f = try Fixture()
        let jane = try f.athlete("jane")
        _ = try f.user("carl", role: .coach)
        try f.ws.grantAccess(try f.ws.openAthlete(id: AthleteID(jane), as: f.owner), to: "carl")
        let stale = try f.keyring(jane, f.owner)
        try f.ws.revokeAccess(try f.ws.openAthlete(id: AthleteID(jane), as: f.owner), from: "carl")
        #expect(throws: StoreError.retiredEpoch) {
            try f.ws.write { db in
                try f.ws.putRecord(
                    db, keyring: stale, id: "x", kind: .wellness, day: "2026-11-24", payload: [1],
                    actor: f.owner, action: "t")
            }
        }
    }

    @Test(
        "Rekey re-encrypts old rows under the newest epoch, so the old key opens nothing any more")
    func rekey() throws {
        let s = try Self.revoked()
        let versionsBefore = try s.f.ws.read { db in
            try Dictionary(
                uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT id, version FROM records").map {
                    ($0["id"] as String, $0["version"] as Int)
                })
        }
        let n = try s.f.ws.rekey(try s.f.ws.openAthlete(id: AthleteID(s.jane), as: s.dana))
        #expect(n == 2, "profile and 'before' were under epoch 1")
        let epochs = try s.f.ws.read { db in
            try Int.fetchAll(
                db,
                sql:
                    "SELECT DISTINCT epoch FROM records WHERE \(ofAthlete)",
                arguments: [s.jane])
        }
        #expect(epochs == [2])
        #expect(
            try s.f.ws.read { db in
                try Int.fetchOne(db, sql: "SELECT version FROM records WHERE id = 'before'")
            } == versionsBefore["before"]! + 1)
        let copy = s.f.dir.file("after-rekey.sqlite")
        try s.f.ws.backup(to: copy)
        #expect(
            try Self.decryptWithOldKey(copy, athleteId: s.jane, key: s.oldDataKey).values.allSatisfy
            { !$0 })
        #expect(try s.f.records(s.jane, as: s.dana)["before"] == "written-before-revocation")
        #expect(try s.f.ws.verifyAudit().ok)
        #expect(
            try s.f.ws.rekey(try s.f.ws.openAthlete(id: AthleteID(s.jane), as: s.dana)) == 0,
            "a second rekey has nothing left to do")
    }

    @Test("Revoking the owner, or a user without access, is refused and changes nothing")
    func refusedRevocations() throws {
        let f = try Fixture()
        let jane = try f.athlete("jane")
        _ = try f.user("carl", role: .coach)
        let audit = try f.auditCount()
        #expect(throws: StoreError.self) {
            try f.ws.revokeAccess(
                try f.ws.openAthlete(id: AthleteID(jane), as: f.owner), from: "olivia")
        }
        #expect(throws: StoreError.self) {
            try f.ws.revokeAccess(
                try f.ws.openAthlete(id: AthleteID(jane), as: f.owner), from: "carl")
        }
        #expect(throws: StoreError.userNotFound("zed")) {
            try f.ws.revokeAccess(
                try f.ws.openAthlete(id: AthleteID(jane), as: f.owner), from: "zed")
        }
        #expect(try f.auditCount() == audit)
        #expect(try f.keyring(jane, f.owner).currentEpoch == 1)
    }
}
