import Foundation
import Testing

/// A passphrase reset and the user's devices: the reset has the owner revoke every device the
/// old key certified, the next unlock after enrolment makes a new one, and the owner's
/// revocation vouches for every field of the old certificate, so altering it is exit 74.
@Suite struct DeviceResetCLITests {
    static let newPass = "carl's passphrase chosen at enrolment"

    /// The scene of `DeviceCLITests` after carl revoked his first device and unlocked again,
    /// then the owner reset him: his passphrase file, the reset's output and his two devices.
    static func resetScene() throws -> (CoachSandbox, reset: String, devices: [String]) {
        let (s, carlPass) = try DeviceCLITests.scene()
        let first = try DeviceCLITests.device(of: "carl", in: s)
        try s.expectOK(s.run(["device", "revoke", first, "--as", "carl"]))
        try s.expectOK(s.run(["unlock", "--as", "carl", "--passphrase-file", carlPass]))
        let second = try DeviceCLITests.device(of: "carl", in: s)
        let reset = try s.expectOK(s.run(["user", "reset", "carl", "--as", "olivia"]))
        return (s, reset.stdout, [first, second])
    }

    /// carl's devices from `device list --json` as `user`, by id.
    static func carls(_ s: CoachSandbox, as user: String) throws -> [String: [String: Any]] {
        let rows = try DeviceCLITests.devices(s, as: user).filter {
            $0["user"] as? String == "carl"
        }
        return Dictionary(
            uniqueKeysWithValues: rows.compactMap { row in
                (row["id"] as? String).map { ($0, row) }
            })
    }

    @Test("After a reset, enrolment and unlock: old devices revoked by the owner, a new one")
    func resetEnrolUnlock() throws {
        let (s, reset, old) = try Self.resetScene()
        let waiting = try Self.carls(s, as: "olivia")
        #expect(Set(waiting.keys) == Set(old))
        for id in old {
            #expect(waiting[id]?["revoked"] as? Bool == true, "\(id)")
            #expect(waiting[id]?["revoked_by"] as? String == "olivia", "\(id)")
        }
        let code = try #require(reset.firstMatch(of: /[A-Z0-9]{4}(-[A-Z0-9]{4}){5}/)).output.0
        let codeFile = try s.secretFile("carl-code", String(code))
        let chosen = try s.secretFile("carl-new", Self.newPass)
        try s.expectOK(
            s.run([
                "user", "enrol", "carl", "--code-file", codeFile, "--new-passphrase-file", chosen,
            ]))
        try s.expectOK(s.run(["unlock", "--as", "carl", "--passphrase-file", chosen]))
        let list = try s.run(["device", "list", "--as", "carl"])
        #expect(list.status == 0, "\(list.stderr)")
        let after = try Self.carls(s, as: "carl")
        #expect(after.count == 3)
        for id in old { #expect(after[id]?["revoked"] as? Bool == true, "\(id)") }
        let new = after.filter { !old.contains($0.key) }
        #expect(new.count == 1)
        #expect(new.first?.value["revoked"] as? Bool == false)
        #expect(new.first?.value["this_machine"] as? Bool == true)
        try s.expectOK(s.run(["doctor", "--as", "olivia"]))
        try s.expectOK(s.run(["audit", "verify", "--as", "olivia"]))
    }

    /// Changes to an old device of carl's that only the owner's revocation now vouches for.
    static let attacks: [(String, @Sendable (String) -> String)] = [
        ("renamed", { "UPDATE devices SET name = 'evil' WHERE id = '\($0)'" }),
        (
            "given another key",
            {
                "UPDATE devices SET sign_pk = zeroblob(32) WHERE id = '\($0)'"
            }
        ),
        ("its creation time moved", { "UPDATE devices SET created_at = 1 WHERE id = '\($0)'" }),
        (
            "un-revoked",
            {
                "UPDATE devices SET revoked_by = NULL, revoked_at = NULL, revocation = NULL "
                    + "WHERE id = '\($0)'"
            }
        ),
    ]

    @Test("An old device altered after the reset is exit 74", arguments: 0..<4)
    func alteredAfterReset(index: Int) throws {
        let (s, _, old) = try Self.resetScene()
        _ = try s.sqlite(Self.attacks[index].1(old[1]))
        let r = try s.run(["device", "list", "--as", "olivia"])
        #expect(r.status == 74, "\(Self.attacks[index].0): \(r.status) \(r.stdout)")
        #expect(r.stderr.contains("device"), "\(r.stderr)")
        #expect(r.errorLines.count == 1 && !r.crashed)
    }
}
