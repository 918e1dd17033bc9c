import Foundation
import Testing

/// Issue 30, item 9 through the binary: several users unlocked on one machine. `--as`, else
/// `COACH_USER`, picks the user; else the only or the most recently unlocked one acts; `lock`
/// follows the same choice and `lock --all` ends every session.
@Suite struct SeveralUsersCLITests {
    /// olivia (owner) and carl (coach), both unlocked, carl last.
    static func scene() throws -> CoachSandbox {
        let s = try CoachSandbox()
        try s.initialise()
        let carl = try s.addCoach(passphrase: "carl passphrase for cli")
        try s.expectOK(
            s.run(["unlock", "--as", "carl", "--passphrase-file", carl, "--ttl", "1h"]))
        return s
    }

    /// Unlocks olivia again, making her the most recently unlocked user.
    static func unlockOlivia(_ s: CoachSandbox) throws {
        let pass = try s.secretFile("owner", CoachSandbox.ownerPass)
        try s.expectOK(
            s.run(["unlock", "--as", "olivia", "--passphrase-file", pass, "--ttl", "1h"]))
    }

    static func whoami(_ s: CoachSandbox, env: [String: String] = [:]) throws -> String? {
        let r = try s.run(["whoami", "--json"], env: env)
        guard r.status == 0 else { return nil }
        let obj = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return obj?["handle"] as? String
    }

    @Test("the last unlocked user acts unless --as or COACH_USER names another")
    func choice() throws {
        let s = try Self.scene()
        #expect(try Self.whoami(s) == "carl")
        #expect(try Self.whoami(s, env: ["COACH_USER": "olivia"]) == "olivia")
        let named = try s.expectOK(s.run(["whoami", "--json", "--as", "olivia"]))
        #expect(named.stdout.contains("\"olivia\""))
        // Every command works, not only whoami: olivia (the owner) lists the users.
        try s.expectOK(s.run(["user", "list"], env: ["COACH_USER": "olivia"]))
        try s.expectOK(s.run(["athlete", "list"]))
        // Unlocking olivia again makes her the last.
        try Self.unlockOlivia(s)
        #expect(try Self.whoami(s) == "olivia")
    }

    @Test("COACH_USER naming a user without a session never acts as another unlocked user")
    func namedUserWithoutSession() throws {
        let s = try Self.scene()
        try s.expectOK(s.run(["lock", "--as", "carl"]))
        let r = try s.run(["whoami", "--json"], env: ["COACH_USER": "carl"])
        #expect(r.status == 77, "\(r.status) \(r.stdout) \(r.stderr)")
        #expect(!r.stdout.contains("olivia"))
        #expect(try Self.whoami(s) == "olivia", "without COACH_USER the only session acts")
    }

    @Test("lock ends the chosen user's session; lock --all ends every one")
    func lock() throws {
        let s = try Self.scene()
        let first = try s.expectOK(s.run(["lock"], env: ["COACH_USER": "olivia"]))
        #expect(first.stdout == "Locked 'olivia'.\n")
        #expect(try Self.whoami(s) == "carl")
        try Self.unlockOlivia(s)
        let last = try s.expectOK(s.run(["lock"]))
        #expect(last.stdout == "Locked 'olivia'.\n", "the last unlocked goes first")
        try Self.unlockOlivia(s)
        let all = try s.expectOK(s.run(["lock", "--all"]))
        #expect(all.stdout == "Locked 'carl', 'olivia'.\n", "\(all.stdout)")
        #expect(try Self.whoami(s) == nil)
        #expect(try s.expectOK(s.run(["lock", "--all"])).stdout == "No session to lock.\n")
        #expect(try s.run(["lock", "--all", "--as", "carl"]).status == 64)
    }
}
