import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachCrypto
@testable import CoachStore

/// The owner countersigns the audit log: whenever she writes or verifies after other users'
/// entries, an owner-signed checkpoint names the newest entry and its hash. A checkpoint signed
/// by anyone else, or one that does not match the chain, is refused (exit 74).
@Suite struct InsiderCheckpointCLITests {
    static let coachPass = "coach user passphrase"

    static func scene() throws -> (CoachSandbox, [String]) {
        let s = try CoachSandbox()
        try s.initialise()
        let cp = try s.addCoach(passphrase: coachPass, file: "coach")
        let carl = ["--as", "carl", "--passphrase-file", cp]
        try s.expectOK(s.run(["athlete", "note", "jane", "--goals", "carl-1"] + carl))
        return (s, carl)
    }

    static func json(_ r: CoachResult) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any],
            "\(r.stdout) \(r.stderr)")
    }

    @Test("The owner countersigns other users' entries when she verifies or writes")
    func ownerCountersigns() throws {
        let (s, carl) = try Self.scene()
        let carlsEntry = try s.sqlite("SELECT MAX(seq) FROM audit")
        let verified = try Self.json(
            try s.expectOK(s.run(["audit", "verify", "--json", "--as", "olivia"])))
        let last = try s.sqlite(
            "SELECT a.seq || ' ' || u.handle || ' ' || a.action || ' ' || a.target_id || ' ' || "
                + "(a.target_hash = (SELECT entry_hash FROM audit WHERE seq = \(carlsEntry))) "
                + "FROM audit a JOIN users u ON u.id = a.actor_id ORDER BY a.seq DESC LIMIT 1")
        let checkpoint = (Int(carlsEntry) ?? 0) + 1
        #expect(last == "\(checkpoint) olivia audit.checkpoint \(carlsEntry) 1")
        #expect(verified["owner_checkpoint"] as? Int == checkpoint, "\(verified)")
        #expect(verified["after_checkpoint"] as? Int == 0, "\(verified)")
        // Verifying again adds nothing: the newest entry is hers.
        try s.expectOK(s.run(["audit", "verify", "--as", "olivia"]))
        #expect(try s.sqlite("SELECT MAX(seq) FROM audit") == "\(checkpoint)")
        // carl writes; the owner's next write countersigns his entry before her own.
        try s.expectOK(s.run(["athlete", "note", "jane", "--goals", "carl-2"] + carl))
        try s.expectOK(s.run(["athlete", "note", "jane", "--goals", "o-1", "--as", "olivia"]))
        let tail = try s.sqlite(
            "SELECT group_concat(action, ',') FROM (SELECT action FROM audit WHERE seq > "
                + "\(checkpoint) ORDER BY seq)")
        #expect(tail == "athlete.note,audit.checkpoint,athlete.note", "\(tail)")
        let text = try s.expectOK(s.run(["audit", "verify", "--as", "olivia"])).stdout
        #expect(
            text.contains("owner checkpoint: entry \(checkpoint + 2), 1 entry after it"), "\(text)")
    }

    @Test("A checkpoint signed by a coach, even one who made himself owner in the file, is refused")
    func forgedCheckpoint() throws {
        let (s, _) = try Self.scene()
        let ws = try Workspace.open(
            at: s.workspace, clock: SystemClock(), random: SystemRandom(), ids: .randomUUIDs)
        let carl = try ws.authenticate(
            handle: Handle("carl"), passphrase: try secret(Self.coachPass))
        try ws.write { db in
            let head = try Row.fetchOne(
                db, sql: "SELECT seq, entry_hash FROM audit ORDER BY seq DESC LIMIT 1")
            try ws.appendEntry(
                db, actor: carl, action: Workspace.checkpointAction,
                target: String(head?["seq"] as Int64? ?? 0),
                targetHash: [UInt8](head?["entry_hash"] as Data? ?? Data()))
        }
        let seq = try s.sqlite("SELECT MAX(seq) FROM audit")
        let keyless = try s.run(
            ["audit", "verify", "--workspace", s.workspace],
            env: ["XDG_RUNTIME_DIR": s.root + "/none"])
        #expect(
            keyless.status == 74 && keyless.stderr.contains("entry \(seq)"), "\(keyless.stderr)")
        #expect(keyless.stderr.contains("not made by the owner"), "\(keyless.stderr)")
        // With the role column edited the keyless check is fooled; the certified one is not:
        // carl's certificate no longer verifies, so none of his entries count.
        _ = try s.sqlite("UPDATE users SET role = 'owner' WHERE handle = 'carl'")
        try s.expectOK(
            s.run(
                ["audit", "verify", "--workspace", s.workspace],
                env: ["XDG_RUNTIME_DIR": s.root + "/none"]))
        let owner = try s.run(["audit", "verify", "--as", "olivia"])
        #expect(
            owner.status == 74 && owner.stderr.contains("certified role"), "\(owner.stderr)")
    }

    @Test("An owner checkpoint that does not match the entry it names fails verification")
    func mismatchedCheckpoint() throws {
        let (s, _) = try Self.scene()
        let ws = try Workspace.open(
            at: s.workspace, clock: SystemClock(), random: SystemRandom(), ids: .randomUUIDs)
        let owner = try ws.authenticate(
            handle: Handle("olivia"), passphrase: try secret(CoachSandbox.ownerPass))
        try ws.write { db in
            try ws.appendEntry(
                db, actor: owner, action: Workspace.checkpointAction, target: "1",
                targetHash: [UInt8](repeating: 7, count: 32))
        }
        let seq = try s.sqlite("SELECT MAX(seq) FROM audit")
        let r = try s.run(
            ["audit", "verify", "--workspace", s.workspace],
            env: ["XDG_RUNTIME_DIR": s.root + "/none"])
        #expect(r.status == 74 && r.stderr.contains("entry \(seq)"), "\(r.stderr)")
        #expect(r.stderr.contains("does not match"), "\(r.stderr)")
    }

    private func secret(_ text: String) throws -> SecretKey {
        var bytes = Array(text.utf8)
        return try SecretKey(consuming: &bytes)
    }
}
