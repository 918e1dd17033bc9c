import Foundation
import Testing

/// A grant altered in the file is reported as tampering (exit 74) naming the athlete, by every
/// command that reaches the athlete: never "not found", never an athlete silently missing.
@Suite struct GrantTamperCLITests {
    static let now = ["COACH_NOW": "2026-11-20T18:00:00+01:00"]

    /// The two ways a grant can be forged: the user's fast self-sealed copy, or (with the copy
    /// removed) the granter's signature over the sealed grant.
    static let attacks: [(name: String, sql: String)] = [
        (
            "self-sealed copy replaced",
            """
            UPDATE grants SET self_sealed = randomblob(length(self_sealed))
            WHERE user_id = (SELECT id FROM users WHERE handle = 'olivia');
            """
        ),
        (
            "signature forged, copy dropped",
            """
            UPDATE grants SET signature = randomblob(64), self_nonce = NULL, self_sealed = NULL
            WHERE user_id = (SELECT id FROM users WHERE handle = 'olivia');
            """
        ),
    ]

    @Test(
        "A tampered grant makes athlete list, team and metrics exit 74 naming the athlete",
        arguments: attacks.indices)
    func tamperedGrant(attack: Int) throws {
        let s = try CoachSandbox(clock: Self.now)
        try s.initialise()
        let before = try s.expectOK(s.run(["athlete", "list", "--as", "olivia"], env: Self.now))
        #expect(before.stdout.contains("jane"))
        // The insider edits the file directly while jane is the only athlete; bert comes later.
        _ = try s.sqlite(Self.attacks[attack].sql)
        try s.expectOK(
            s.run(
                ["athlete", "add", "bert", "--name", "Bert Bauer", "--as", "olivia"], env: Self.now)
        )
        for args in [
            ["athlete", "list"], ["team"], ["metrics", "--athlete", "jane"],
            ["dashboard", "--athlete", "jane"],
        ] {
            let r = try s.run(args + ["--as", "olivia"], env: Self.now)
            #expect(
                r.status == 74,
                "\(Self.attacks[attack].name): coach \(args.joined(separator: " ")) gave \(r.status): \(r.stderr)"
            )
            #expect(
                r.errorLines.count == 1 && r.stderr.contains("jane")
                    && r.stderr.contains("integrity"),
                "\(args): \(r.stderr)")
        }
        // bert's grant is intact and still opens on its own.
        try s.expectOK(s.run(["metrics", "--athlete", "bert", "--as", "olivia"], env: Self.now))
    }
}
