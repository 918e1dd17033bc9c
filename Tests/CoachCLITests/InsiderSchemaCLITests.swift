import Foundation
import Testing

/// An insider who can write the file plants SQL objects that would run inside coach's own
/// transactions; every command refuses the workspace (exit 74) and names the object.
@Suite struct InsiderSchemaCLITests {
    static let coachPass = "coach user passphrase"

    /// olivia owns the workspace; carl coaches jane and is about to be revoked.
    static func scene() throws -> (CoachSandbox, carlPass: String) {
        let s = try CoachSandbox()
        try s.initialise()
        let cp = try s.addCoach(passphrase: coachPass)
        return (s, cp)
    }

    /// Triggers that make a revocation a silent no-op: the new epoch and its grants are
    /// dropped, carl's grants survive, and the owner's command still reports success.
    static let undoRevoke = """
        CREATE TRIGGER keep_carl BEFORE DELETE ON grants
        WHEN OLD.user_id = (SELECT id FROM users WHERE handle = 'carl')
        BEGIN SELECT RAISE(IGNORE); END;
        CREATE TRIGGER keep_epoch BEFORE INSERT ON epochs WHEN NEW.epoch > 1
        BEGIN SELECT RAISE(IGNORE); END;
        CREATE TRIGGER keep_grants BEFORE INSERT ON grants WHEN NEW.epoch > 1
        BEGIN SELECT RAISE(IGNORE); END;
        """

    @Test("Planted triggers cannot undo a revocation: the owner's revoke is refused with 74")
    func triggerUndoingRevoke() throws {
        let (s, cp) = try Self.scene()
        _ = try s.sqlite(Self.undoRevoke)
        #expect(try s.sqlite("SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger'") == "3")
        let revoke = try s.run(
            ["access", "revoke", "--athlete", "jane", "--from", "carl", "--as", "olivia"])
        #expect(revoke.status == 74, "revoke over planted triggers: \(revoke.stderr)")
        #expect(revoke.errorLines.count == 1 && revoke.stderr.contains("trigger 'keep_carl'"))
        // Whatever the owner writes next is refused too, so nothing lands under carl's key.
        let note = try s.run(
            ["athlete", "note", "jane", "--goals", "after-revoke-secret", "--as", "olivia"])
        #expect(note.status == 74, "\(note.stderr)")
        let carl = try s.run(
            ["athlete", "show", "jane", "--json", "--as", "carl", "--passphrase-file", cp])
        #expect(!carl.stdout.contains("after-revoke-secret"))
        let doctor = try s.run(["doctor"])
        #expect(doctor.status == 74)
        #expect(
            doctor.stderr.contains("unexpected trigger 'keep_carl' on grants"), "\(doctor.stderr)")
    }

    @Test(
        "A planted view, an extra table or an altered index is named and refused",
        arguments: [
            ("CREATE VIEW grants_v AS SELECT * FROM grants;", "unexpected view 'grants_v'"),
            ("CREATE TABLE stash (x BLOB);", "unexpected table 'stash'"),
            (
                "DROP INDEX grants_by_user;"
                    + " CREATE INDEX grants_by_user ON grants(user_id);",
                "altered index 'grants_by_user' on grants"
            ),
            ("DROP INDEX grants_by_user;", "missing index 'grants_by_user' on grants"),
            // Indexes that earlier migrations dropped are not expected any more.
            ("CREATE INDEX records_by_id ON records(id);", "unexpected index 'records_by_id'"),
            (
                "CREATE INDEX records_by_kind_day ON records(athlete_num, kind, day);",
                "unexpected index 'records_by_kind_day'"
            ),
            ("ALTER TABLE carried_states ADD COLUMN leak BLOB;", "altered table 'carried_states'"),
            (
                "CREATE TRIGGER keep AFTER DELETE ON carried_states BEGIN SELECT 1; END;",
                "unexpected trigger 'keep' on carried_states"
            ),
        ])
    func plantedObject(sql: String, named: String) throws {
        let (s, _) = try Self.scene()
        _ = try s.sqlite(sql)
        for args in [["athlete", "list", "--as", "olivia"], ["doctor"], ["audit", "verify"]] {
            let r = try s.run(args)
            #expect(r.status == 74, "\(args): \(r.stderr)")
            #expect(r.stderr.contains(named), "\(args): \(r.stderr)")
        }
    }
}
