import CoachKit
import Foundation
import Testing

@testable import CoachCrypto
@testable import CoachStore

/// An athlete user signs an audit entry for an action her role never allows: the chain and her
/// signature are valid, but the owner's doctor checks the entry against her certified role.
@Suite struct InsiderAuditCLITests {
    @Test("A validly signed audit entry whose actor's certified role forbids it is named")
    func forbiddenActionNamed() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let jp = try s.secretFile("jane", "jane user passphrase")
        try s.expectOK(
            s.run([
                "user", "add", "janeu", "--role", "athlete", "--athlete", "jane",
                "--new-passphrase-file", jp,
            ]))
        try s.expectOK(s.run(["doctor"]))
        // janeu appends a "revocation" with her own keys, through coach's own code in-process.
        let ws = try Workspace.open(
            at: s.workspace, clock: SystemClock(), random: SystemRandom(), ids: .randomUUIDs)
        let janeu = try ws.authenticate(
            handle: Handle("janeu"),
            passphrase: try passphrase("jane user passphrase"))
        try ws.write { db in
            try ws.appendAudit(
                db, actor: janeu, action: "access.revoke", athleteId: janeu.athleteId?.rawValue,
                target: janeu.userId.rawValue)
        }
        let seq = try s.sqlite("SELECT MAX(seq) FROM audit")
        // Without keys the chain and her signature verify; signed in, her role is checked.
        try s.expectOK(
            s.run(
                ["audit", "verify", "--workspace", s.workspace],
                env: ["XDG_RUNTIME_DIR": s.root + "/none"]))
        let verify = try s.run(["audit", "verify"])
        #expect(verify.status == 74 && verify.stderr.contains("entry \(seq)"), "\(verify.stderr)")
        let doctor = try s.run(["doctor"])
        #expect(doctor.status == 74, "\(doctor.stdout)")
        #expect(
            doctor.stdout.contains("audit-roles")
                && doctor.stdout.contains("entry \(seq) (access.revoke)"), "\(doctor.stdout)")
    }

    @Test("COACH_NOW does not back-date audit entries: their time is the system clock's")
    func auditTimeIsWallClock() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let backdated = ["COACH_NOW": "2001-02-03T04:05:06Z"]
        try s.expectOK(s.run(["athlete", "note", "jane", "--goals", "x"], env: backdated))
        let time = try s.sqlite("SELECT time FROM audit ORDER BY seq DESC LIMIT 1")
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        #expect(time.hasPrefix("\(year)-") || time.hasPrefix("\(year - 1)-"), "\(time)")
        #expect(!time.hasPrefix("2001-"))
    }

    private func passphrase(_ text: String) throws -> SecretKey {
        var bytes = Array(text.utf8)
        return try SecretKey(consuming: &bytes)
    }
}
