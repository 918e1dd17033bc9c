import Foundation
import Testing

/// Devices through the binary: each machine gets a device key on first unlock, certified by
/// its user; `device list` and `device revoke` with their refusals, and a device row altered,
/// un-revoked or removed in the file is exit 74.
@Suite struct DeviceCLITests {
    static let coachPass = "coach device passphrase"

    /// A workspace with the owner olivia (unlocked) and the coach carl (unlocked), each with
    /// this machine's device.
    static func scene() throws -> (CoachSandbox, carlPass: String) {
        let s = try CoachSandbox()
        try s.initialise()
        let carl = try s.addCoach(passphrase: coachPass, holding: "jane")
        try s.expectOK(s.run(["unlock", "--as", "carl", "--passphrase-file", carl]))
        return (s, carl)
    }

    /// `device list --json` as `user`.
    static func devices(
        _ s: CoachSandbox, as user: String, env: [String: String] = [:]
    ) throws -> [[String: Any]] {
        let r = try s.expectOK(s.run(["device", "list", "--json", "--as", user], env: env))
        return try #require(try ViewsCLITests.list(r), "\(r.stdout)")
    }

    /// The id of `user`'s only active device.
    static func device(of user: String, in s: CoachSandbox) throws -> String {
        let mine = try devices(s, as: "olivia").filter {
            $0["user"] as? String == user && $0["revoked"] as? Bool == false
        }
        #expect(mine.count == 1, "\(mine)")
        return try #require(mine.first?["id"] as? String)
    }

    @Test("The first unlock on a machine makes its device; the next reuses it; a second machine")
    func firstUnlock() throws {
        let (s, carlPass) = try Self.scene()
        let listed = try Self.devices(s, as: "carl")
        #expect(listed.map { $0["user"] as? String } == ["olivia", "carl"])
        #expect(listed.map { $0["this_machine"] as? Bool } == [false, true])
        let folder = s.stateDir + "/coach/devices"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count == 2 && files.allSatisfy { $0.hasSuffix(".device") }, "\(files)")
        for file in files {
            let mode =
                try FileManager.default.attributesOfItem(atPath: folder + "/" + file)[
                    .posixPermissions] as? Int
            #expect(mode == 0o600, "\(file)")
        }
        try s.expectOK(s.run(["unlock", "--as", "carl", "--passphrase-file", carlPass]))
        #expect(try Self.devices(s, as: "carl").count == 2)
        // Another machine: its own state and runtime folders.
        let laptop = [
            "XDG_STATE_HOME": s.root + "/laptop-state", "XDG_RUNTIME_DIR": s.root + "/tmp",
        ]
        try s.expectOK(
            s.run(["unlock", "--as", "carl", "--passphrase-file", carlPass], env: laptop))
        let there = try Self.devices(s, as: "carl", env: laptop)
        #expect(there.filter { $0["user"] as? String == "carl" }.count == 2)
        #expect(there.filter { $0["this_machine"] as? Bool == true }.count == 1)
        #expect(there.last?["this_machine"] as? Bool == true)
    }

    @Test("The owner or the device's user revokes it; others are refused and nothing changes")
    func revoke() throws {
        let (s, carlPass) = try Self.scene()
        let olivias = try Self.device(of: "olivia", in: s)
        let carls = try Self.device(of: "carl", in: s)
        let before = try s.auditEntries()
        let denied = try s.run(["device", "revoke", String(olivias.prefix(8)), "--as", "carl"])
        #expect(denied.status == 77, "\(denied.stderr)")
        #expect(denied.stderr.contains("only the owner or the device's own user"))
        #expect(try s.auditEntries() == before)
        let done = try s.expectOK(
            s.run(["device", "revoke", String(carls.prefix(6)), "--json", "--as", "carl"]))
        let json = try #require(try ViewsCLITests.json(done) as? [String: Any])
        #expect(json["id"] as? String == carls && json["revoked"] as? Bool == true)
        #expect(json["revoked_by"] as? String == "carl")
        #expect(try s.auditEntries() == before + 1)
        let again = try s.run(["device", "revoke", carls, "--as", "olivia"])
        #expect(again.status == 73 && again.stderr.contains("already revoked"), "\(again.stderr)")
        let unknown = try s.run(["device", "revoke", "ffffffff", "--as", "olivia"])
        #expect(unknown.status == 66, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("'coach device list'"), "\(unknown.stderr)")
        let bad = try s.run(["device", "revoke", "x'; drop", "--as", "olivia"])
        #expect(bad.status == 64 && bad.errorLines.count == 1, "\(bad.stderr)")
        // The revoked machine gets a new device at its next unlock.
        try s.expectOK(s.run(["unlock", "--as", "carl", "--passphrase-file", carlPass]))
        #expect(try Self.device(of: "carl", in: s) != carls)
    }

    /// One change each to the devices table, as someone who can write the file would make it.
    static let attacks: [(String, @Sendable (String, String) -> String)] = [
        (
            "a device renamed",
            { carl, _ in "UPDATE devices SET name = 'evil' WHERE id = '\(carl)'" }
        ),
        (
            "a device moved to the owner",
            { carl, _ in
                "UPDATE devices SET user_id = (SELECT id FROM users WHERE handle = 'olivia') "
                    + "WHERE id = '\(carl)'"
            }
        ),
        (
            "a device key swapped for the owner's device key",
            { carl, olivia in
                "UPDATE devices SET sign_pk = (SELECT sign_pk FROM devices WHERE id = '\(olivia)')"
                    + " WHERE id = '\(carl)'"
            }
        ),
        (
            "a revocation removed",
            { carl, _ in
                "UPDATE devices SET revoked_by = NULL, revoked_at = NULL, revocation = NULL "
                    + "WHERE id = '\(carl)'"
            }
        ),
        ("a device removed", { carl, _ in "DELETE FROM devices WHERE id = '\(carl)'" }),
    ]

    @Test("A device row altered, un-revoked or removed in the file is exit 74", arguments: 0..<5)
    func tampered(index: Int) throws {
        let (s, _) = try Self.scene()
        let olivias = try Self.device(of: "olivia", in: s)
        let carls = try Self.device(of: "carl", in: s)
        try s.expectOK(s.run(["device", "revoke", carls, "--as", "olivia"]))
        _ = try s.sqlite(Self.attacks[index].1(carls, olivias))
        let r = try s.run(["device", "list", "--as", "olivia"])
        #expect(r.status == 74, "\(Self.attacks[index].0): \(r.status) \(r.stdout)")
        #expect(r.stderr.contains("device"), "\(r.stderr)")
        #expect(r.errorLines.count == 1 && !r.crashed)
    }
}
