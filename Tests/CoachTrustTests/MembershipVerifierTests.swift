import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import Testing

/// The membership checks on plain values: what a club server runs on the rows it received,
/// with no database and no secret key.
@Suite struct MembershipVerifierTests {
    @Test("An honest roster verifies: every certificate, the key history and the newest grants")
    func honest() throws {
        let roster = try TrustRoster()
        let verifier = MembershipVerifier(anchor: roster.anchor)
        let counts = try verifier.verifyAll(roster.rows)
        #expect(counts.users == 3 && counts.athletes == 1)
        let newest = try #require(try verifier.epochs(in: roster.rows, athleteId: "a-jane").last)
        #expect(newest.epoch == 2)
        #expect(
            try verifier.holders(in: roster.rows, of: newest) == ["u-olivia", "u-carl", "u-jane"])
    }

    /// One forgery each, as someone who can write the rows would make it. (Deleting the newest
    /// epoch whole is a rollback: the public rows cannot show it; each user's marks do.)
    static let forgeries: [(String, @Sendable (inout PublicRowSet) -> Void)] = [
        ("a coach promotes himself to owner", { $0.certificates["u-carl"]?.role = .owner }),
        (
            "a user's box key swapped",
            { $0.certificates["u-carl"]?.boxPK = Array(repeating: 9, count: 32) }
        ),
        ("a certificate's version raised", { $0.certificates["u-carl"]?.version = 2 }),
        ("the owner's certificate removed", { $0.certificates["u-olivia"] = nil }),
        (
            "an epoch's commitment replaced",
            { $0.epochRows["a-jane"]?[1].commitment = Array(repeating: 3, count: 32) }
        ),
        ("a rotation claimed by the coach", { $0.epochRows["a-jane"]?[1].signerId = "u-carl" }),
        (
            "epoch 1 given a predecessor",
            {
                $0.epochRows["a-jane"]?[0].previousNonce = Array(repeating: 1, count: 24)
                $0.epochRows["a-jane"]?[0].previousWrapped = Array(repeating: 2, count: 48)
            }
        ),
        ("the first epoch deleted (a gap)", { $0.epochRows["a-jane"]?.removeFirst() }),
        ("every epoch deleted", { $0.epochRows["a-jane"] = [] }),
        (
            "a grant's signature replaced",
            { $0.grantRows["a-jane"]?[2]?[1].signature = Array(repeating: 5, count: 64) }
        ),
        (
            "a grant re-attributed to the athlete user",
            { $0.grantRows["a-jane"]?[2]?[1].grantedBy = "u-jane" }
        ),
        (
            "a planted grant for the athlete user by herself",
            {
                $0.grantRows["a-jane"]?[2]?.append(
                    GrantRow(userId: "u-jane", grantedBy: "u-jane", sealed: [1], signature: [2]))
            }
        ),
    ]

    @Test("Each forgery of the public rows is found", arguments: forgeries.indices)
    func forgery(index: Int) throws {
        var roster = try TrustRoster()
        let (name, forge) = Self.forgeries[index]
        forge(&roster.rows)
        let verifier = MembershipVerifier(anchor: roster.anchor)
        #expect(throws: TrustError.self, "\(name)") { try verifier.verifyAll(roster.rows) }
    }

    @Test("Another owner key or workspace id verifies nothing")
    func otherAnchor() throws {
        let roster = try TrustRoster()
        let stranger = try SigningKeyPair.generate()
        for anchor in [
            TrustAnchor(workspaceId: TrustRoster.workspaceId, ownerSignPK: stranger.publicKey),
            TrustAnchor(workspaceId: "ws-2", ownerSignPK: roster.owner.publicKey),
        ] {
            #expect(throws: TrustError.self) {
                try MembershipVerifier(anchor: anchor).verifyAll(roster.rows)
            }
        }
    }

    @Test("A certificate older than the version a user has seen is a rollback")
    func floors() throws {
        let roster = try TrustRoster()
        let book = CertificateBook()
        book.setFloors(["u-carl": 2])
        #expect(throws: TrustError.tampered("the membership certificate of user 'carl'")) {
            try book.certificate(in: roster.rows, userId: "u-carl", anchor: roster.anchor)
        }
    }

    @Test("The role rules: owner-only and staff-only actions", arguments: Role.allCases)
    func auditRoles(role: Role) {
        #expect(AuditRoles.allows(role, "access.revoke") == (role == .owner))
        #expect(AuditRoles.allows(role, "access.grant") == (role != .athlete))
        #expect(AuditRoles.allows(role, "log.mood"))
    }
}
