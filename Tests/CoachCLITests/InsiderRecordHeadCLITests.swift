import Foundation
import Testing

/// Someone who can write the file changes an athlete's records behind the writers' backs:
/// an entry sealed under a retired epoch put back after the rotation (what a revoked coach with
/// his old key can make), or an entry deleted together with the snapshot that would show it
/// missing. The signed per-athlete head no longer matches: `log show`, `team` and `doctor` each
/// exit 74, naming the records.
@Suite struct InsiderRecordHeadCLITests {
    static let coachPass = "coach passphrase for record heads"

    /// olivia's workspace with jane, held by carl, who logged a mood and a severe soreness.
    static func scene() throws -> CoachSandbox {
        let s = try CoachSandbox()
        try s.initialise()
        let carl = try s.addCoach(passphrase: coachPass, holding: "jane")
        try s.expectOK(s.run(["unlock", "--as", "carl", "--passphrase-file", carl]))
        try s.expectOK(s.run(["log", "mood", "4", "--athlete", "jane", "--as", "carl"]))
        try s.expectOK(
            s.run(["log", "mood", "2", "--doms", "quads=9", "--athlete", "jane", "--as", "carl"]))
        return s
    }

    /// `log show`, `team` and `doctor` as olivia: each exit 74 and one line naming the records.
    static func expectRefused(_ s: CoachSandbox, _ what: String) throws {
        let runs = [
            ["log", "show", "--athlete", "jane", "--days", "3"], ["team"], ["doctor"],
        ]
        for args in runs {
            let r = try s.run(args + ["--as", "olivia"])
            #expect(r.status == 74 && !r.crashed, "\(what): \(args) gave \(r.status) \(r.stdout)")
            let named = r.stderr + r.stdout
            #expect(named.contains("records"), "\(what): \(args): \(named)")
            #expect(!r.stdout.contains("quads"), "\(what): \(args) showed the entry")
        }
    }

    /// The newest wellness row, copied to a file of its own (the insider's copy).
    static func saveNewestWellness(_ s: CoachSandbox) throws -> String {
        let saved = s.root + "/tmp/saved.sqlite"
        _ = try s.sqlite(
            "ATTACH '\(saved)' AS s; CREATE TABLE s.saved AS SELECT * FROM records "
                + "WHERE kind = 'wellness' ORDER BY rowid DESC LIMIT 1;")
        return saved
    }

    /// carl removes jane's newest wellness entry, then olivia revokes him (a key rotation).
    static func removeNewestWellnessAndRevokeCarl(_ s: CoachSandbox) throws {
        let shown = try s.expectOK(
            s.run(["log", "show", "--athlete", "jane", "--days", "3", "--json", "--as", "olivia"]))
        let id = try #require(
            (try ViewsCLITests.list(shown))?
                .last { ($0["kind"] as? String) == "wellness" }?["id"] as? String)
        try s.expectOK(s.run(["log", "remove", id, "--athlete", "jane", "--as", "carl"]))
        try s.expectOK(
            s.run(["access", "revoke", "--athlete", "jane", "--from", "carl", "--as", "olivia"]))
    }

    @Test("An entry sealed under a retired epoch and put back after the rotation is exit 74")
    func retiredEpochInsert() throws {
        let s = try Self.scene()
        let saved = try Self.saveNewestWellness(s)
        try Self.removeNewestWellnessAndRevokeCarl(s)
        // After the rotation nothing is wrong yet.
        try s.expectOK(
            s.run(["log", "show", "--athlete", "jane", "--days", "3", "--as", "olivia"]))
        #expect(try s.sqlite("ATTACH '\(saved)' AS s; SELECT epoch FROM s.saved;") == "1")
        _ = try s.sqlite(
            "ATTACH '\(saved)' AS s; INSERT INTO records SELECT * FROM s.saved; "
                + "DELETE FROM snapshot_chunks; DELETE FROM snapshots;")
        try Self.expectRefused(s, "retired-epoch entry")
    }

    @Test("A new entry the revoked coach seals in his old copy, put in after the rotation, is 74")
    func retiredEpochNewEntry() throws {
        let s = try Self.scene()
        let copy = s.root + "/tmp/carl.sqlite"
        _ = try s.sqlite("VACUUM INTO '\(copy)';")
        try s.expectOK(
            s.run(["access", "revoke", "--athlete", "jane", "--from", "carl", "--as", "olivia"]))
        // carl keeps writing in his copy, with the key of the epoch he still holds there.
        let carl = [
            "--as", "carl", "--workspace", copy, "--passphrase-file", s.root + "/secrets/carl",
        ]
        try s.expectOK(
            s.run(["log", "mood", "1", "--doms", "hamstrings=9", "--athlete", "jane"] + carl))
        let made = "SELECT id FROM c.records WHERE id NOT IN (SELECT id FROM main.records)"
        #expect(
            try s.sqlite(
                "ATTACH '\(copy)' AS c; SELECT count(*), min(epoch) FROM c.records "
                    + "WHERE id IN (\(made));") == "1|1")
        _ = try s.sqlite(
            "ATTACH '\(copy)' AS c; INSERT INTO records SELECT * FROM c.records "
                + "WHERE id IN (\(made)); DELETE FROM snapshot_chunks; DELETE FROM snapshots;")
        for args in [["log", "show", "--athlete", "jane", "--days", "3"], ["team"], ["doctor"]] {
            let r = try s.run(args + ["--as", "olivia"])
            #expect(r.status == 74 && !r.crashed, "\(args) gave \(r.status) \(r.stdout)")
            #expect((r.stderr + r.stdout).contains("records"), "\(args): \(r.stderr)")
            #expect(!r.stdout.contains("hamstrings"), "\(args) showed the new entry")
        }
    }

    @Test("An entry deleted together with the snapshot is exit 74")
    func deletedWithSnapshot() throws {
        let s = try Self.scene()
        _ = try s.sqlite(
            "DELETE FROM records WHERE rowid = (SELECT MAX(rowid) FROM records "
                + "WHERE kind = 'wellness'); DELETE FROM snapshot_chunks; DELETE FROM snapshots;")
        try Self.expectRefused(s, "deleted entry")
    }

    @Test("A log write after an entry was deleted signs only its own row: still exit 74")
    func writeDoesNotLaunder() throws {
        let s = try Self.scene()
        // The row alone goes (the snapshot stays), so the write reads nothing that recounts.
        _ = try s.sqlite(
            "DELETE FROM records WHERE rowid = (SELECT MIN(rowid) FROM records "
                + "WHERE kind = 'wellness');")
        // The write updates the head with its own row only: the deleted row is still in it.
        let write = try s.run(["log", "mood", "3", "--athlete", "jane", "--as", "carl"])
        #expect(!write.crashed && write.status == 0, "\(write.status) \(write.stderr)")
        for args in [["log", "show", "--athlete", "jane", "--days", "3"], ["doctor"]] {
            let r = try s.run(args + ["--as", "olivia"])
            #expect(r.status == 74 && !r.crashed, "\(args) gave \(r.status) \(r.stdout)")
            #expect((r.stderr + r.stdout).contains("records"), "\(args): \(r.stderr)")
        }
    }

    @Test("A snapshot of the retired epoch put back after the rotation is exit 74 in team")
    func retiredEpochSnapshot() throws {
        let s = try Self.scene()
        let saved = s.root + "/tmp/snapshot.sqlite"
        // The revoked coach's copy: the snapshot that shows jane's severe soreness.
        _ = try s.sqlite(
            "ATTACH '\(saved)' AS s; CREATE TABLE s.sections AS SELECT * FROM snapshots; "
                + "CREATE TABLE s.chunks AS SELECT * FROM snapshot_chunks;")
        try Self.removeNewestWellnessAndRevokeCarl(s)
        try s.expectOK(s.run(["team", "--as", "olivia"]))
        _ = try s.sqlite(
            "ATTACH '\(saved)' AS s; DELETE FROM snapshots; DELETE FROM snapshot_chunks; "
                + "INSERT INTO snapshots SELECT * FROM s.sections; "
                + "INSERT INTO snapshot_chunks SELECT * FROM s.chunks; DELETE FROM carried_states;")
        let team = try s.run(["team", "--as", "olivia"])
        #expect(team.status == 74 && !team.crashed, "\(team.status): \(team.stdout)")
        #expect(team.stderr.contains("snapshot"), "\(team.stderr)")
        #expect(!team.stdout.contains("severe_soreness"))
    }

    @Test("Writes keep the head in step: logging, editing, removing and a rotation all verify")
    func honestWrites() throws {
        let s = try Self.scene()
        try s.expectOK(s.run(["log", "mood", "5", "--athlete", "jane", "--as", "olivia"]))
        try s.expectOK(
            s.run(["access", "revoke", "--athlete", "jane", "--from", "carl", "--as", "olivia"]))
        try s.expectOK(s.run(["log", "mood", "3", "--athlete", "jane", "--as", "olivia"]))
        try s.expectOK(s.run(["access", "rekey", "--athlete", "jane", "--as", "olivia"]))
        for args in [["log", "show", "--athlete", "jane"], ["doctor"]] {
            try s.expectOK(s.run(args + ["--as", "olivia"]))
        }
        let team = try s.run(["team", "--as", "olivia"])
        #expect(team.status == 3, "severe soreness flags jane: \(team.stderr)")
    }
}
