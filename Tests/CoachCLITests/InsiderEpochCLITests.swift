import CoachKit
import CoachTrust
import Foundation
import GRDB
import Testing

@testable import CoachCrypto
@testable import CoachStore

/// A revoked coach who can write the file tries to roll a revocation back: he deletes the new
/// key epoch and puts back the old epoch's grants from his earlier copy of the file. Every user
/// who saw the newer epoch refuses (exit 74), so nothing new is written under a key he knows.
@Suite struct InsiderEpochCLITests {
    static let coachPass = "coach user passphrase"

    @Test("Deleting the newest epoch and restoring old grants is refused by users who saw it")
    func deletedNewestEpoch() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let cp = try s.secretFile("coach", Self.coachPass)
        for coach in ["carl", "dave"] {
            try s.expectOK(
                s.run([
                    "user", "add", coach, "--role", "coach", "--new-passphrase-file", cp, "--as",
                    "olivia",
                ]))
            try s.expectOK(
                s.run(["access", "grant", "--athlete", "jane", "--to", coach, "--as", "olivia"]))
        }
        try s.expectOK(s.run(["unlock", "--as", "dave", "--passphrase-file", cp]))
        try s.expectOK(s.run(["athlete", "show", "jane", "--as", "dave"]))
        // carl keeps a copy of the file while he still holds jane.
        let copy = s.root + "/secrets/carl-copy.sqlite"
        _ = try s.sqlite("VACUUM INTO '\(copy)'")
        try s.expectOK(
            s.run(["access", "revoke", "--athlete", "jane", "--from", "carl", "--as", "olivia"]))
        try s.expectOK(s.run(["athlete", "show", "jane", "--as", "dave"]))
        #expect(try s.sqlite("SELECT COUNT(*) FROM grants WHERE epoch = 1") == "0")
        // The rollback: the newest epoch goes, the old grants come back.
        _ = try s.sqlite(
            """
            ATTACH '\(copy)' AS old;
            DELETE FROM grants WHERE epoch = 2; DELETE FROM epochs WHERE epoch = 2;
            INSERT INTO grants SELECT * FROM old.grants;
            """)
        let note = try s.run(
            ["athlete", "note", "jane", "--goals", "after-rollback-secret", "--as", "olivia"])
        #expect(note.status == 74, "the owner wrote under the rolled-back key: \(note.stderr)")
        #expect(note.stderr.contains("jane"), "\(note.stderr)")
        let dave = try s.run(["athlete", "show", "jane", "--as", "dave"])
        #expect(dave.status == 74, "\(dave.stderr)")
        let carl = try s.run(
            ["athlete", "show", "jane", "--json", "--as", "carl", "--passphrase-file", cp])
        #expect(!carl.stdout.contains("after-rollback-secret"))
        let doctor = try s.run(["doctor", "--as", "olivia"])
        #expect(doctor.status == 74)
    }
}

/// The revoked coach substitutes a key of his own for the new epoch: he rewrites its
/// commitment, re-seals the other holders' grants under his key, signs grants and epoch himself
/// and drops their own sealed copies. Played with GRDB and coach's own formats on the file.
@Suite struct InsiderEpochSubstitutionCLITests {
    static let coachPass = "coach user passphrase"

    @Test(
        "A revoked coach's substituted epoch key is refused by the owner and by a holder who never saw it"
    )
    func substitutedEpochKey() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let cp = try s.secretFile("coach", Self.coachPass)
        for coach in ["carl", "dave"] {
            try s.expectOK(
                s.run([
                    "user", "add", coach, "--role", "coach", "--new-passphrase-file", cp, "--as",
                    "olivia",
                ]))
            try s.expectOK(
                s.run(["access", "grant", "--athlete", "jane", "--to", coach, "--as", "olivia"]))
        }
        // carl keeps a copy while he holds jane, to learn the key of epoch 1.
        let copy = s.root + "/secrets/carl-copy.sqlite"
        _ = try s.sqlite("VACUUM INTO '\(copy)'")
        try s.expectOK(
            s.run(["access", "revoke", "--athlete", "jane", "--from", "carl", "--as", "olivia"]))
        try substitute(s, copy: copy)
        let note = try s.run(
            ["athlete", "note", "jane", "--goals", "after-substitution", "--as", "olivia"])
        #expect(note.status == 74, "the owner wrote under the substituted key: \(note.stderr)")
        let dave = try s.run(
            ["athlete", "show", "jane", "--as", "dave", "--passphrase-file", cp])
        #expect(dave.status == 74, "dave accepted the substituted key: \(dave.stderr)")
        #expect(try s.run(["doctor", "--as", "olivia"]).status == 74)
    }

    /// carl's forgery, with his own keys and coach's formats.
    func substitute(_ s: CoachSandbox, copy: String) throws {
        var pass = Array(Self.coachPass.utf8)
        let carl = try Workspace.open(
            at: s.workspace, clock: SystemClock(), random: SystemRandom(), ids: .randomUUIDs
        ).authenticate(
            handle: Handle("carl"), passphrase: try SecretKey(consuming: &pass))
        let key = try SecretKey.random()
        let queue = try DatabaseQueue(path: s.workspace)
        try queue.write { db in
            let jane = try #require(
                try String.fetchOne(db, sql: "SELECT athlete_id FROM epochs WHERE epoch = 2"))
            let commitment = KeyCommitment.commitment(key, athleteId: jane, epoch: 2)
            let workspaceId = try #require(
                try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'workspace_id'"))
            let previous = try #require(
                try Data.fetchOne(
                    db, sql: "SELECT commitment FROM epochs WHERE athlete_id = ? AND epoch = 1",
                    arguments: [jane]))
            try db.execute(
                sql: "UPDATE epochs SET commitment = ? WHERE athlete_id = ? AND epoch = 2",
                arguments: [Data(commitment), jane])
            // The old key, re-wrapped under his, so old records keep opening for everyone.
            let oldKey = try DatabaseQueue(path: copy).read { old in
                try AthleteKeyring.open(old, athleteId: jane, principal: carl).currentDataKey
            }
            let wrapped = try AEAD.seal(
                oldKey.exportBytes(), ad: KeyCommitment.wrapAD(athleteId: jane, epoch: 2),
                key: try Hashing.deriveSubkey(id: 2, context: "epochwrp", from: key))
            try db.execute(
                sql: """
                    UPDATE epochs SET prev_nonce = ?, prev_wrapped = ? WHERE athlete_id = ? AND epoch = 2
                    """, arguments: [Data(wrapped.nonce), Data(wrapped.ciphertext), jane])
            var cert = EpochCertificate(
                athleteId: jane, epoch: 2, commitment: commitment,
                previousCommitment: [UInt8](previous),
                wrappedHash: EpochCertificate.wrappedHash(
                    nonce: wrapped.nonce, wrapped: wrapped.ciphertext),
                signerId: carl.userId.rawValue)
            cert.sign(by: carl.signKeys, workspaceId: workspaceId)
            try db.execute(
                sql:
                    "UPDATE epochs SET signer_id = ?, signature = ? WHERE athlete_id = ? AND epoch = 2",
                arguments: [carl.userId.rawValue, Data(cert.signature), jane])
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT g.user_id, u.box_pk FROM grants g JOIN users u ON u.id = g.user_id
                    WHERE g.athlete_id = ? AND g.epoch = 2
                    """, arguments: [jane])
            {
                let user: String = row["user_id"]
                let sealed = try SealedBox.seal(
                    KeyCommitment.grantPlaintext(athleteId: jane, epoch: 2, userId: user, key: key),
                    to: [UInt8](row["box_pk"] as Data))
                let signature = carl.signKeys.sign(
                    GrantStatement.message(
                        athleteId: jane, epoch: 2, userId: user, sealed: sealed,
                        commitment: commitment))
                try db.execute(
                    sql: """
                        UPDATE grants SET sealed = ?, granted_by = ?, signature = ?, self_nonce = NULL,
                            self_sealed = NULL
                        WHERE athlete_id = ? AND epoch = 2 AND user_id = ?
                        """,
                    arguments: [
                        Data(sealed), carl.userId.rawValue, Data(signature), jane, user,
                    ])
            }
        }
    }
}
