import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachCrypto
@testable import CoachStore

/// SECURITY.md test 4 (and promise 2): athletes reach only themselves, coaches only their athletes,
/// the owner everyone; bypassing the permission checks does not help, because the keys are missing.
@Suite struct IsolationTests {
    struct People {
        let f: Fixture
        let a: String, b: String
        let athleteB: Principal, coach: Principal
    }

    static func setUp() throws -> People {
        let f = try Fixture()
        let a = try f.athlete("anna", goals: "anna-secret-goal")
        let b = try f.athlete("bert")
        try f.put(a, id: "note-a", payload: #"{"notes":"anna private"}"#)
        let athleteB = try f.user(
            "bert-user", role: .athlete, athlete: "bert", pass: Fixture.athletePass)
        let coach = try f.user("carl", role: .coach)
        return People(f: f, a: a, b: b, athleteB: athleteB, coach: coach)
    }

    @Test(
        "Athlete B's principal cannot resolve, open, read or edit athlete A through the public API")
    func publicAPI() throws {
        let p = try Self.setUp()
        let ws = p.f.ws
        #expect(throws: StoreError.athleteNotFound("anna")) {
            try ws.resolveAthlete("anna", as: p.athleteB)
        }
        #expect(throws: StoreError.permissionDenied("no access to this athlete")) {
            try ws.profile(athleteId: AthleteID(p.a), as: p.athleteB)
        }
        #expect(throws: StoreError.self) {
            _ = try ws.updateProfile(try ws.openAthlete(id: AthleteID(p.a), as: p.athleteB)) {
                $0.notes.goals = "x"
            }
        }
        #expect(try ws.listAthletes(as: p.athleteB).map(\.profile.handle) == ["bert"])
        #expect(try ws.targetAthlete(nil, as: p.athleteB) == AthleteID(p.b))
        #expect(throws: StoreError.self) {
            try ws.grantAccess(try ws.openAthlete(id: AthleteID(p.b), as: p.athleteB), to: "carl")
        }
        #expect(throws: StoreError.self) {
            try ws.addAthlete(.init(handle: "evil", name: "Evil"), as: p.athleteB)
        }
        // The owner still reads A, so the refusals above are about B, not about A being unreadable.
        #expect(
            try ws.profile(athleteId: AthleteID(p.a), as: p.f.owner).notes.goals
                == "anna-secret-goal")
    }

    @Test(
        "A coach without a grant sees no athletes; the same error whether or not the athlete exists"
    )
    func coachWithoutGrant() throws {
        let p = try Self.setUp()
        #expect(try p.f.ws.listAthletes(as: p.coach).isEmpty)
        #expect(throws: StoreError.athleteNotFound("anna")) {
            try p.f.ws.resolveAthlete("anna", as: p.coach)
        }
        #expect(throws: StoreError.athleteNotFound("nobody")) {
            try p.f.ws.resolveAthlete("nobody", as: p.coach)
        }
    }

    @Test(
        "Calling the keyring directly with B's principal for A's id fails: there is no grant to open"
    )
    func keyringBypass() throws {
        let p = try Self.setUp()
        #expect(throws: StoreError.permissionDenied("no access to this athlete")) {
            try p.f.keyring(p.a, p.athleteB)
        }
        #expect(throws: StoreError.self) { try p.f.records(p.a, as: p.athleteB) }
    }

    @Test("A's grant sealed box does not open with B's keys, even handed over directly")
    func grantBoxBypass() throws {
        let p = try Self.setUp()
        let sealed = try p.f.ws.read { db in
            try [UInt8](
                Data.fetchOne(
                    db, sql: "SELECT sealed FROM grants WHERE athlete_id = ? AND user_id = ?",
                    arguments: [p.a, p.f.owner.userId])!)
        }
        #expect(throws: StoreError.self) {
            try KeyCommitment.openGrant(
                sealed, athleteId: p.a, epoch: 1, userId: p.f.owner.userId.rawValue,
                keys: p.athleteB.boxKeys)
        }
        #expect(throws: CryptoError.authenticationFailed) {
            try SealedBox.open(sealed, with: p.athleteB.boxKeys)
        }
    }

    @Test(
        "B's record key applied to A's rows decrypts nothing (permission check bypassed entirely)")
    func recordKeyBypass() throws {
        let p = try Self.setUp()
        let bKeyring = try p.f.keyring(p.b, p.athleteB)
        let failures = try p.f.ws.read { db -> (Int, Int) in
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT * FROM records WHERE \(ofAthlete)",
                arguments: [p.a])
            var failed = 0
            for row in rows {
                // Both with A's id in the associated data and with B's.
                if (try? RecordCodec.open(row: row, athleteId: p.a, keyring: bKeyring, db)) == nil {
                    failed += 1
                }
                if (try? RecordCodec.open(row: row, athleteId: p.b, keyring: bKeyring, db)) == nil {
                    failed += 1
                }
            }
            return (failed, rows.count)
        }
        #expect(failures.1 == 2)
        #expect(failures.0 == 2 * failures.1)
    }

    @Test("An athlete user cannot be granted another athlete, and B's own data stays readable to B")
    func athleteBoundToSelf() throws {
        let p = try Self.setUp()
        #expect(
            throws: StoreError.permissionDenied("an athlete user can only hold their own athlete")
        ) {
            try p.f.ws.grantAccess(
                try p.f.ws.openAthlete(id: AthleteID(p.a), as: p.f.owner), to: "bert-user")
        }
        #expect(try p.f.ws.profile(athleteId: AthleteID(p.b), as: p.athleteB).handle == "bert")
    }
}
