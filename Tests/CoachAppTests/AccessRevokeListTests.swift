import CoachApp
import CoachKit
import CoachStore
import CoachTestSupport
import Testing

/// `access revoke` with lists: each revocation rotates its athlete's key, so the next one of
/// the same athlete must work on the new key, not the one opened before the first.
@Suite struct AccessRevokeListTests {
    @Test("Two users revoked from two athletes in one command: four rotations, no one left")
    func twoByTwo() throws {
        let s = try WorkspaceSandbox()
        let owner = try s.session()
        defer { owner.close() }
        try owner.addUser(
            Handle("dana"), role: .coach, athlete: nil,
            passphrase: WorkspaceSandbox.passphrase("dana"))
        // carl holds jane from the sandbox.
        try owner.grantAccess(athletes: [Handle("jane"), Handle("bert")], to: [Handle("dana")])
        try owner.grantAccess(athlete: Handle("bert"), to: Handle("carl"))
        let before = try owner.listAccess(athlete: Handle("jane")).map(\.user)
        #expect(Set(before).isSuperset(of: ["carl", "dana"]))
        let pairs = try owner.revokeAccess(
            athletes: [Handle("jane"), Handle("bert")], from: [Handle("carl"), Handle("dana")])
        #expect(pairs.count == 4)
        for athlete in ["jane", "bert"] {
            let holders = Set(try owner.listAccess(athlete: Handle(athlete)).map(\.user))
            #expect(holders.isDisjoint(with: ["carl", "dana"]), "\(athlete): \(holders)")
        }
    }
}
