import CoachKit
import CoachTrust
import Foundation
import GRDB
import Testing

@testable import CoachCrypto
@testable import CoachStore

/// SECURITY.md test 7: a grant sealed with an attacker-chosen data key, or a grant row copied to
/// another athlete or user, is rejected; nothing is decrypted with it.
@Suite struct GrantTamperTests {
    enum Attack: String, CaseIterable, Sendable {
        case attackerKey, attackerKeyResignedByInsider, copiedToOtherAthlete, copiedFromOtherUser,
            copiedToUngrantedUser
    }

    /// Copies the grant row of (athlete, user) over the row of (toAthlete, toUser), all columns included.
    static func copyGrant(
        _ db: Database, athlete: String, user: String, toAthlete: String, toUser: String
    ) throws {
        let row = try Row.fetchOne(
            db, sql: "SELECT * FROM grants WHERE athlete_id = ? AND user_id = ?",
            arguments: [athlete, user])!
        let columns = Array(row.columnNames)
        var values: [DatabaseValue] = columns.map { row[$0] as DatabaseValue }
        values[columns.firstIndex(of: "athlete_id")!] = toAthlete.databaseValue
        values[columns.firstIndex(of: "user_id")!] = toUser.databaseValue
        try db.execute(
            sql: "DELETE FROM grants WHERE athlete_id = ? AND user_id = ?",
            arguments: [toAthlete, toUser])
        try db.execute(
            sql:
                "INSERT INTO grants (\(columns.joined(separator: ","))) VALUES (\(columns.map { _ in "?" }.joined(separator: ",")))",
            arguments: StatementArguments(values))
    }

    /// Drops any fast-path copy so the grant itself must be opened (an attacker can always do this).
    static func dropSelfCopies(_ db: Database) {
        try? db.execute(sql: "UPDATE grants SET self_nonce = NULL, self_sealed = NULL")
    }

    @Test("A forged or moved grant is rejected as tampered", arguments: Attack.allCases)
    func rejected(attack: Attack) throws {
        let f = try Fixture()
        let jane = try f.athlete("jane", goals: "jane-goal")
        let bert = try f.athlete("bert")
        let carl = try f.user("carl", role: .coach)
        let dave = try f.user("dave", role: .coach)
        let mallory = try f.user("mallory", role: .coach)
        try f.ws.grantAccess(try f.ws.openAthlete(id: AthleteID(jane), as: f.owner), to: "carl")
        try f.ws.grantAccess(try f.ws.openAthlete(id: AthleteID(bert), as: f.owner), to: "carl")
        _ = try f.records(jane, as: carl)  // control: carl's genuine grant opens
        let attackerKey = try SecretKey.random()
        var victim = (athlete: jane, user: carl)
        try f.raw { db in
            switch attack {
            case .attackerKey, .attackerKeyResignedByInsider:
                let plain = KeyCommitment.grantPlaintext(
                    athleteId: jane, epoch: 1, userId: carl.userId.rawValue, key: attackerKey)
                let sealed = try SealedBox.seal(plain, to: carl.boxKeys.publicKey)
                try db.execute(
                    sql: "UPDATE grants SET sealed = ? WHERE athlete_id = ? AND user_id = ?",
                    arguments: [Data(sealed), jane, carl.userId])
                if attack == .attackerKeyResignedByInsider {
                    let commitment = try [UInt8](
                        Data.fetchOne(
                            db, sql: "SELECT commitment FROM epochs WHERE athlete_id = ?",
                            arguments: [jane])!)
                    let sig = mallory.signKeys.sign(
                        GrantStatement.message(
                            athleteId: jane, epoch: 1, userId: carl.userId.rawValue, sealed: sealed,
                            commitment: commitment))
                    try db.execute(
                        sql:
                            "UPDATE grants SET signature = ?, granted_by = ? WHERE athlete_id = ? AND user_id = ?",
                        arguments: [Data(sig), mallory.userId, jane, carl.userId])
                }
            case .copiedToOtherAthlete:
                try Self.copyGrant(
                    db, athlete: jane, user: carl.userId.rawValue, toAthlete: bert,
                    toUser: carl.userId.rawValue)
                victim = (bert, carl)
            case .copiedFromOtherUser:
                try Self.copyGrant(
                    db, athlete: jane, user: f.owner.userId.rawValue, toAthlete: jane,
                    toUser: carl.userId.rawValue)
            case .copiedToUngrantedUser:
                try Self.copyGrant(
                    db, athlete: jane, user: carl.userId.rawValue, toAthlete: jane,
                    toUser: dave.userId.rawValue)
                victim = (jane, dave)
            }
            Self.dropSelfCopies(db)
        }
        #expect { try f.keyring(victim.athlete, victim.user) } throws: { isTampered($0) }
        #expect(throws: StoreError.self) { try f.records(victim.athlete, as: victim.user) }
        // The owner's untouched grant still works.
        #expect(
            try f.ws.profile(athleteId: AthleteID(jane), as: f.owner).notes.goals == "jane-goal")
    }

    @Test("A fast-path grant copy moved to another athlete is refused as tampering, never trusted")
    func selfCopyMoved() throws {
        let f = try Fixture()
        let jane = try f.athlete("jane"), bert = try f.athlete("bert")
        _ = try f.records(jane)
        _ = try f.ws.listAthletes(as: f.owner)  // stores the fast copies
        let janeKey = try f.keyring(jane, f.owner).currentDataKey.exportBytes()
        var moved = false
        try f.raw { db in
            if let row = try Row.fetchOne(
                db,
                sql:
                    "SELECT self_nonce, self_sealed FROM grants WHERE athlete_id = ? AND user_id = ?",
                arguments: [jane, f.owner.userId]), !(row["self_nonce"] as DatabaseValue).isNull
            {
                try db.execute(
                    sql:
                        "UPDATE grants SET self_nonce = ?, self_sealed = ? WHERE athlete_id = ? AND user_id = ?",
                    arguments: [
                        row["self_nonce"] as DatabaseValue, row["self_sealed"] as DatabaseValue,
                        bert, f.owner.userId,
                    ])
                moved = true
            }
        }
        #expect(moved, "listing athletes should have stored a fast copy of the owner's grant")
        #expect(throws: StoreError.tampered("the access grant of this athlete")) {
            _ = try f.keyring(bert, f.owner)
        }
        #expect(try f.keyring(jane, f.owner).currentDataKey.exportBytes() == janeKey)
    }
}
