import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import Testing

/// Who receives the next key of a rotation, decided on plain values: only holders of grants
/// that count, never a row someone planted, and never without the owner.
@Suite struct VerifiedAccessTests {
    @Test("An honest roster: every holder of the newest epoch, and recipients without the leaver")
    func honest() throws {
        let roster = try TrustRoster()
        let access = try MembershipVerifier(anchor: roster.anchor).access(
            in: roster.rows, athleteId: "a-jane")
        #expect(access.epoch.epoch == 2 && access.history.count == 2)
        #expect(access.holders.map(\.userId) == ["u-carl", "u-jane", "u-olivia"])
        #expect(access.holds("u-carl") && !access.holds("u-dave"))
        #expect(access.recipients(excluding: "u-carl").map(\.handle) == ["jane-u", "olivia"])
    }

    @Test("Disabled and not yet enrolled holders receive no rotated key")
    func inactiveHoldersPassedOver() throws {
        var roster = try TrustRoster()
        var carl = try #require(roster.rows.certificates["u-carl"])
        carl.disabled = true
        carl.version = 2
        carl.sign(by: roster.owner, workspaceId: TrustRoster.workspaceId)
        roster.rows.certificates["u-carl"] = carl
        let access = try Self.withJanePending(&roster)
        #expect(access.recipients(excluding: nil).map(\.userId) == ["u-olivia"])
    }

    @Test("A user waiting to enrol receives the rotated key only while her code's makers stay")
    func pendingHolderFollowsCodeMakers() throws {
        var roster = try TrustRoster()
        let access = try Self.withJanePending(&roster)
        // jane's creator carl stays: she receives it; carl leaving: she does not.
        #expect(
            access.recipients(excluding: nil).map(\.userId) == ["u-carl", "u-jane", "u-olivia"])
        #expect(access.recipients(excluding: "u-carl").map(\.userId) == ["u-olivia"])
    }

    /// The roster with the athlete user jane waiting to enrol again (a reset by the owner),
    /// and the verified access to her athlete that follows.
    static func withJanePending(_ roster: inout TrustRoster) throws -> VerifiedAccess {
        var jane = try #require(roster.rows.certificates["u-jane"])
        jane.pending = true
        jane.version = 2
        jane.signerId = "u-olivia"
        jane.sign(by: roster.owner, workspaceId: TrustRoster.workspaceId)
        roster.rows.certificates["u-jane"] = jane
        return try MembershipVerifier(anchor: roster.anchor).access(
            in: roster.rows, athleteId: "a-jane")
    }

    /// A fourth user, the coach dave, certified by the owner but holding nothing of jane.
    static func withDave(_ roster: inout TrustRoster) throws -> SigningKeyPair {
        let keys = try SigningKeyPair.generate()
        var dave = TrustRoster.certificate("u-dave", "dave", .coach, keys, signer: "u-olivia")
        dave.sign(by: roster.owner, workspaceId: TrustRoster.workspaceId)
        roster.rows.certificates["u-dave"] = dave
        roster.rows.users["u-dave"] = .init(handle: "dave", signPK: keys.publicKey)
        return keys
    }

    /// The rows an insider plants or removes, each of which must stop the rotation.
    static let attacks: [(String, @Sendable (inout TrustRoster) throws -> Void)] = [
        (
            "a junk grant row for dave, 'granted' by the owner",
            { r in
                _ = try withDave(&r)
                r.rows.grantRows["a-jane"]?[2]?.append(
                    GrantRow(
                        userId: "u-dave", grantedBy: "u-olivia", sealed: [1, 2, 3],
                        signature: Array(repeating: 4, count: 64)))
            }
        ),
        (
            "dave signs a grant to himself",
            { r in
                let keys = try withDave(&r)
                let cert = try #require(
                    try MembershipVerifier(anchor: r.anchor).epochs(
                        in: r.rows, athleteId: "a-jane"
                    ).last)
                r.rows.grantRows["a-jane"]?[2]?.append(
                    TrustRoster.grant(cert, to: "u-dave", by: keys, granter: "u-dave"))
            }
        ),
        (
            "the owner's real grant of jane copied onto another athlete's user",
            { r in
                var other = TrustRoster.certificate(
                    "u-bert", "bert-u", .athlete, r.athleteUser, signer: "u-olivia",
                    athlete: "a-bert")
                other.sign(by: r.owner, workspaceId: TrustRoster.workspaceId)
                r.rows.certificates["u-bert"] = other
                let cert = try #require(
                    try MembershipVerifier(anchor: r.anchor).epochs(
                        in: r.rows, athleteId: "a-jane"
                    ).last)
                r.rows.grantRows["a-jane"]?[2]?.append(
                    TrustRoster.grant(cert, to: "u-bert", by: r.owner, granter: "u-olivia"))
            }
        ),
        (
            "the owner's grant of the newest epoch deleted",
            { r in r.rows.grantRows["a-jane"]?[2]?.removeAll { $0.userId == "u-olivia" } }
        ),
        (
            "a junk grant left at an older epoch",
            { r in
                r.rows.grantRows["a-jane"]?[1]?.append(
                    GrantRow(
                        userId: "u-jane", grantedBy: "u-olivia", sealed: [9],
                        signature: Array(repeating: 1, count: 64)))
            }
        ),
    ]

    @Test(
        "Each planted or removed grant is tampering, never a recipient", arguments: attacks.indices)
    func attack(index: Int) throws {
        var roster = try TrustRoster()
        let (name, plant) = Self.attacks[index]
        try plant(&roster)
        let verifier = MembershipVerifier(anchor: roster.anchor)
        #expect(throws: TrustError.self, "\(name)") { try verifier.verifyAll(roster.rows) }
        // The older-epoch row is met only by the full check; every other one stops a rotation.
        if index != Self.attacks.count - 1 {
            #expect(throws: TrustError.self, "\(name)") {
                try verifier.access(in: roster.rows, athleteId: "a-jane")
            }
        }
    }
}
