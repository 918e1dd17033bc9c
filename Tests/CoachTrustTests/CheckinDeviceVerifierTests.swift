import CoachCrypto
import CoachKit
import CoachTrust
import Testing

/// Check-in device certificates and inbox-key statements checked on plain values: who may
/// approve or revoke a phone, who still qualifies, and every signed field bound.
@Suite struct CheckinDeviceVerifierTests {
    /// The `TrustRoster` club with a phone of jane's approved by `approver`, and cleo, a coach
    /// certified by the owner who holds no grant of jane.
    struct Club {
        var roster: TrustRoster
        let phoneKey: SigningKeyPair
        let cleo: SigningKeyPair
        var phone: CheckinDeviceCertificate
        var verifier: CheckinDeviceVerifier { CheckinDeviceVerifier(anchor: roster.anchor) }

        init(approver: String = "u-carl") throws {
            roster = try TrustRoster()
            phoneKey = try SigningKeyPair.generate()
            cleo = try SigningKeyPair.generate()
            var cleoCert = TrustRoster.certificate(
                "u-cleo", "cleo", .coach, cleo, signer: "u-olivia")
            cleoCert.sign(by: roster.owner, workspaceId: TrustRoster.workspaceId)
            roster.rows.certificates["u-cleo"] = cleoCert
            roster.rows.users["u-cleo"] = .init(handle: "cleo", signPK: cleo.publicKey)
            phone = CheckinDeviceCertificate(
                deviceId: CheckinDeviceCertificate.deviceId(signPK: phoneKey.publicKey),
                athleteId: "a-jane", approverId: UserID(approver), signPK: phoneKey.publicKey,
                name: "jane's phone", createdAt: 1_764_000_000_000)
            phone.sign(by: key(of: approver), workspaceId: TrustRoster.workspaceId)
        }

        func key(of user: String) -> SigningKeyPair {
            switch user {
            case "u-olivia": roster.owner
            case "u-carl": roster.coach
            case "u-jane": roster.athleteUser
            default: cleo
            }
        }

        func verify(_ revocation: DeviceRevocation? = nil) throws
            -> CheckinDeviceVerifier.Verified
        {
            try verifier.verify(phone, revocation: revocation, in: roster.rows)
        }

        func revocation(by user: String) -> DeviceRevocation {
            var r = DeviceRevocation(
                deviceId: phone.deviceId, revokedBy: UserID(user), revokedAt: 1_764_100_000_000)
            r.sign(by: key(of: user), workspaceId: TrustRoster.workspaceId, checkin: phone)
            return r
        }

        func access() throws -> VerifiedAccess {
            try MembershipVerifier(anchor: roster.anchor).access(
                in: roster.rows, athleteId: "a-jane")
        }
    }

    @Test(
        "A phone approved by the owner, the athlete's user or a coach holding her verifies",
        arguments: ["u-olivia", "u-jane", "u-carl"])
    func approvers(approver: String) throws {
        let club = try Club(approver: approver)
        let verified = try club.verify()
        #expect(verified.approver.userId == approver && verified.revocation == nil)
        #expect(
            CheckinDeviceVerifier.qualifies(
                verified.approver, athlete: "a-jane", access: try club.access()))
    }

    @Test("A coach without a grant of the athlete's epoch signs validly but does not qualify")
    func coachWithoutGrant() throws {
        let club = try Club(approver: "u-cleo")
        let verified = try club.verify()
        #expect(
            !CheckinDeviceVerifier.qualifies(
                verified.approver, athlete: "a-jane", access: try club.access()))
        #expect(
            !CheckinDeviceVerifier.qualifies(verified.approver, athlete: "a-jane", access: nil))
    }

    @Test("A disabled approver no longer qualifies")
    func disabledApprover() throws {
        var club = try Club(approver: "u-carl")
        var carl = try #require(club.roster.rows.certificates["u-carl"])
        carl.disabled = true
        carl.version = 2
        carl.sign(by: club.roster.owner, workspaceId: TrustRoster.workspaceId)
        club.roster.rows.certificates["u-carl"] = carl
        let verified = try club.verify()
        #expect(
            !CheckinDeviceVerifier.qualifies(
                verified.approver, athlete: "a-jane", access: try club.access()))
    }

    static let forgeries: [(String, @Sendable (inout Club) throws -> Void)] = [
        ("the key swapped", { $0.phone.signPK = try SigningKeyPair.generate().publicKey }),
        ("the device id not its key's", { $0.phone.deviceId = "00112233445566778899aabbccddeeff" }),
        ("moved to another athlete", { $0.phone.athleteId = "a-bob" }),
        ("another approver named", { $0.phone.approverId = "u-olivia" }),
        ("renamed", { $0.phone.name = "olivia's phone" }),
        ("its time changed", { $0.phone.createdAt += 1 }),
        ("a short key", { $0.phone.signPK = Array($0.phone.signPK.prefix(31)) }),
        (
            "signed by the phone itself",
            { $0.phone.signature = $0.phoneKey.sign($0.phone.message(workspaceId: "ws-1")) }
        ),
        (
            "signed for another workspace",
            { $0.phone.sign(by: $0.roster.coach, workspaceId: "ws-2") }
        ),
        (
            "approved by another athlete's user",
            {
                var rows = $0.roster.rows
                rows.certificates["u-jane"]?.athleteId = "a-bob"
                rows.certificates["u-jane"]?.sign(by: $0.roster.coach, workspaceId: "ws-1")
                $0.roster.rows = rows
                $0.phone.approverId = "u-jane"
                $0.phone.sign(by: $0.roster.athleteUser, workspaceId: "ws-1")
            }
        ),
        ("its approver's certificate removed", { $0.roster.rows.certificates["u-carl"] = nil }),
    ]

    @Test("A forged check-in device certificate is tampering", arguments: forgeries.indices)
    func forged(index: Int) throws {
        var club = try Club()
        try Self.forgeries[index].1(&club)
        #expect(throws: TrustError.self, "\(Self.forgeries[index].0)") { _ = try club.verify() }
    }

    @Test(
        "The owner, the approver, the athlete's user or a coach may revoke a phone",
        arguments: ["u-olivia", "u-carl", "u-jane", "u-cleo"])
    func revokers(revoker: String) throws {
        let club = try Club(approver: "u-carl")
        let verified = try club.verify(club.revocation(by: revoker))
        #expect(verified.revocation?.revokedBy.rawValue == revoker)
    }

    @Test("A revocation altered, moved, or signed as a full device's is tampering")
    func forgedRevocations() throws {
        let club = try Club()
        var moved = club.revocation(by: "u-olivia")
        moved.deviceId = "00112233445566778899aabbccddeeff"
        var later = club.revocation(by: "u-olivia")
        later.revokedAt += 1
        var asFull = DeviceRevocation(
            deviceId: club.phone.deviceId, revokedBy: "u-olivia", revokedAt: 1)
        asFull.sign(
            by: club.roster.owner, workspaceId: TrustRoster.workspaceId,
            certificate: DeviceCertificate(
                deviceId: club.phone.deviceId, userId: "u-carl", signPK: club.phone.signPK,
                createdAt: club.phone.createdAt, name: club.phone.name,
                signature: club.phone.signature))
        var byOther = club.revocation(by: "u-olivia")
        byOther.revokedBy = "u-carl"
        for revocation in [moved, later, asFull, byOther] {
            #expect(throws: TrustError.self) { _ = try club.verify(revocation) }
        }
    }

    @Test("An athlete user of another athlete may not revoke the phone")
    func otherAthleteRevokes() throws {
        var club = try Club()
        club.roster.rows.certificates["u-jane"]?.athleteId = "a-bob"
        club.roster.rows.certificates["u-jane"]?.sign(
            by: club.roster.coach, workspaceId: TrustRoster.workspaceId)
        #expect(throws: TrustError.self) { _ = try club.verify(club.revocation(by: "u-jane")) }
    }

    @Test("An inbox key verifies under the owner only, with each signed field bound")
    func inboxKey() throws {
        let club = try Club()
        let anchor = club.roster.anchor
        var statement = InboxKeyStatement(
            athleteId: "a-jane", epoch: 2, publicKey: [UInt8](repeating: 9, count: 32))
        statement.sign(by: club.roster.owner, workspaceId: TrustRoster.workspaceId)
        #expect(statement.verifies(anchor: anchor))
        var byCoach = statement
        byCoach.sign(by: club.roster.coach, workspaceId: TrustRoster.workspaceId)
        var otherEpoch = statement
        otherEpoch.epoch = 3
        var otherAthlete = statement
        otherAthlete.athleteId = "a-bob"
        var otherKey = statement
        otherKey.publicKey[0] ^= 1
        var shortKey = statement
        shortKey.publicKey.removeLast()
        shortKey.sign(by: club.roster.owner, workspaceId: TrustRoster.workspaceId)
        var epochZero = statement
        epochZero.epoch = 0
        epochZero.sign(by: club.roster.owner, workspaceId: TrustRoster.workspaceId)
        let otherWorkspace = TrustAnchor(workspaceId: "ws-2", ownerSignPK: anchor.ownerSignPK)
        for bad in [byCoach, otherEpoch, otherAthlete, otherKey, shortKey, epochZero] {
            #expect(!bad.verifies(anchor: anchor))
        }
        #expect(!statement.verifies(anchor: otherWorkspace))
    }
}
