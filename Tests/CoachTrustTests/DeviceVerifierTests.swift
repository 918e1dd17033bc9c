import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import Testing

/// Device certificates and revocations checked on plain values, chained through their user's
/// certificate to the owner.
@Suite struct DeviceVerifierTests {
    @Test("A device certified by its user verifies and may sign")
    func honest() throws {
        let fixture = try DeviceFixture()
        let laptop = try fixture.verifiedLaptop()
        #expect(laptop.isActive && laptop.user.handle == "carl")
        let phone = try fixture.verifier.verify(
            fixture.phone, revocation: nil, in: fixture.roster.rows)
        #expect(phone.isActive && phone.user.role == .athlete)
    }

    static let forgeries: [(String, @Sendable (inout DeviceFixture) throws -> Void)] = [
        ("the device key swapped", { $0.laptop.signPK = try SigningKeyPair.generate().publicKey }),
        ("the device moved to the owner", { $0.laptop.userId = "u-olivia" }),
        ("the creation time changed", { $0.laptop.createdAt += 1 }),
        ("the name changed", { $0.laptop.name = "olivia-desktop" }),
        ("the device id changed", { $0.laptop.deviceId = "d-other" }),
        (
            "signed by the device key itself",
            { $0.laptop.signature = $0.laptopKey.sign($0.laptop.message(workspaceId: "ws-1")) }
        ),
        (
            "signed by the owner instead of its user",
            { $0.laptop.sign(by: $0.roster.owner, workspaceId: "ws-1") }
        ),
        (
            "signed for another workspace",
            { $0.laptop.sign(by: $0.roster.coach, workspaceId: "ws-2") }
        ),
        ("its user's certificate forged", { $0.roster.rows.certificates["u-carl"]?.version = 7 }),
        ("its user's certificate removed", { $0.roster.rows.certificates["u-carl"] = nil }),
    ]

    @Test("A forged device certificate is tampering", arguments: forgeries.indices)
    func forged(index: Int) throws {
        var fixture = try DeviceFixture()
        try Self.forgeries[index].1(&fixture)
        #expect(throws: TrustError.self, "\(Self.forgeries[index].0)") {
            _ = try fixture.verifiedLaptop()
        }
    }

    @Test("The owner or the device's own user revokes it; it verifies but may no longer sign")
    func revoked() throws {
        let fixture = try DeviceFixture()
        for (user, key) in [("u-olivia", fixture.roster.owner), ("u-carl", fixture.roster.coach)] {
            let revocation = fixture.revocation(of: fixture.laptop, by: UserID(user), key: key)
            let laptop = try fixture.verifiedLaptop(revocation: revocation)
            #expect(!laptop.isActive && laptop.revocation == revocation)
        }
    }

    static let badRevocations: [(String, @Sendable (DeviceFixture) -> DeviceRevocation)] = [
        (
            "by another member",
            {
                $0.revocation(of: $0.laptop, by: "u-jane", key: $0.roster.athleteUser)
            }
        ),
        (
            "claimed by the owner, signed by another",
            {
                $0.revocation(of: $0.laptop, by: "u-olivia", key: $0.roster.athleteUser)
            }
        ),
        (
            "moved from another device",
            {
                var r = $0.revocation(of: $0.phone, by: "u-olivia", key: $0.roster.owner)
                r.deviceId = "d-laptop"
                return r
            }
        ),
        (
            "its time changed",
            {
                var r = $0.revocation(of: $0.laptop, by: "u-olivia", key: $0.roster.owner)
                r.revokedAt += 1
                return r
            }
        ),
    ]

    @Test("A revocation nobody allowed signed is tampering", arguments: badRevocations.indices)
    func badRevocation(index: Int) throws {
        let fixture = try DeviceFixture()
        let revocation = Self.badRevocations[index].1(fixture)
        #expect(throws: TrustError.self, "\(Self.badRevocations[index].0)") {
            _ = try fixture.verifiedLaptop(revocation: revocation)
        }
    }

    @Test("A disabled user's device verifies but may not sign")
    func disabledUser() throws {
        var fixture = try DeviceFixture()
        var carl = try #require(fixture.roster.rows.certificates["u-carl"])
        carl.disabled = true
        carl.version = 2
        carl.sign(by: fixture.roster.owner, workspaceId: fixture.workspaceId)
        fixture.roster.rows.certificates["u-carl"] = carl
        #expect(try !fixture.verifiedLaptop().isActive)
    }

    /// The fixture after a passphrase reset gave carl a new signing key (owner-signed).
    static func afterReset() throws -> DeviceFixture {
        var fixture = try DeviceFixture()
        var carl = try #require(fixture.roster.rows.certificates["u-carl"])
        carl.signPK = try SigningKeyPair.generate().publicKey
        carl.version = 2
        carl.sign(by: fixture.roster.owner, workspaceId: fixture.workspaceId)
        fixture.roster.rows.certificates["u-carl"] = carl
        return fixture
    }

    @Test("After a reset, the owner's revocation vouches for a device the old key certified")
    func ownerRevokedAfterReset() throws {
        let fixture = try Self.afterReset()
        #expect(throws: TrustError.self) { _ = try fixture.verifiedLaptop() }
        let byCarl = fixture.revocation(of: fixture.laptop, by: "u-carl", key: fixture.roster.coach)
        #expect(throws: TrustError.self) { _ = try fixture.verifiedLaptop(revocation: byCarl) }
        let byOwner = fixture.revocation(
            of: fixture.laptop, by: "u-olivia", key: fixture.roster.owner)
        let laptop = try fixture.verifiedLaptop(revocation: byOwner)
        #expect(!laptop.isActive && laptop.revocation == byOwner)
    }

    static let alteredAfterReset: [(String, @Sendable (inout DeviceCertificate) throws -> Void)] =
        [
            ("the device key swapped", { $0.signPK = try SigningKeyPair.generate().publicKey }),
            ("the name changed", { $0.name = "olivia-desktop" }),
            ("the creation time changed", { $0.createdAt += 1 }),
            ("moved to another user", { $0.userId = "u-jane" }),
        ]

    @Test(
        "An owner-revoked certificate altered after the reset is tampering",
        arguments: alteredAfterReset.indices)
    func alteredAfterResetIsTampering(index: Int) throws {
        var fixture = try Self.afterReset()
        let byOwner = fixture.revocation(
            of: fixture.laptop, by: "u-olivia", key: fixture.roster.owner)
        try Self.alteredAfterReset[index].1(&fixture.laptop)
        #expect(throws: TrustError.self, "\(Self.alteredAfterReset[index].0)") {
            _ = try fixture.verifiedLaptop(revocation: byOwner)
        }
    }
}
