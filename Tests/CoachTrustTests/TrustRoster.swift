import CoachCrypto
import CoachKit
import CoachTrust

/// A small club built as plain values, signed with real keys: the owner olivia, the coach carl,
/// the athlete jane (epoch 1 made by carl, epoch 2 a rotation by olivia, which every user
/// holds, as a rotation leaves it) and jane's athlete user. No database anywhere.
struct TrustRoster {
    static let workspaceId = "ws-1"

    let owner: SigningKeyPair
    let coach: SigningKeyPair
    let athleteUser: SigningKeyPair
    var rows: PublicRowSet

    var anchor: TrustAnchor {
        TrustAnchor(workspaceId: Self.workspaceId, ownerSignPK: owner.publicKey)
    }

    init() throws {
        try Sodium.initialize()
        owner = try SigningKeyPair.generate()
        coach = try SigningKeyPair.generate()
        athleteUser = try SigningKeyPair.generate()
        var olivia = Self.certificate("u-olivia", "olivia", .owner, owner, signer: "u-olivia")
        olivia.sign(by: owner, workspaceId: Self.workspaceId)
        var carl = Self.certificate("u-carl", "carl", .coach, coach, signer: "u-olivia")
        carl.sign(by: owner, workspaceId: Self.workspaceId)
        var janeUser = Self.certificate(
            "u-jane", "jane-u", .athlete, athleteUser, signer: "u-carl", athlete: "a-jane",
            createdBy: "u-carl")
        janeUser.sign(by: coach, workspaceId: Self.workspaceId)
        let first = Self.epoch(1, previous: nil, signer: "u-carl", key: coach)
        let second = Self.epoch(2, previous: first, signer: "u-olivia", key: owner)
        rows = PublicRowSet(
            certificates: ["u-olivia": olivia, "u-carl": carl, "u-jane": janeUser],
            athletes: ["a-jane"], epochRows: ["a-jane": [first.row, second.row]],
            grantRows: [
                "a-jane": [
                    1: [Self.grant(first.cert, to: "u-olivia", by: coach, granter: "u-carl")],
                    2: [
                        Self.grant(second.cert, to: "u-olivia", by: owner, granter: "u-olivia"),
                        Self.grant(second.cert, to: "u-carl", by: owner, granter: "u-olivia"),
                        Self.grant(second.cert, to: "u-jane", by: owner, granter: "u-olivia"),
                    ],
                ]
            ])
    }

    static func certificate(
        _ id: String, _ handle: String, _ role: Role, _ keys: SigningKeyPair, signer: String,
        athlete: String? = nil, createdBy: String = "u-olivia"
    ) -> UserCertificate {
        UserCertificate(
            userId: id, handle: handle, role: role, athleteId: athlete,
            boxPK: Array(repeating: 7, count: 32), signPK: keys.publicKey, disabled: false,
            kdfFloorOps: 2, kdfFloorMem: 67_108_864, version: 1, createdBy: createdBy,
            signerId: signer)
    }

    static func epoch(
        _ n: Int, previous: (cert: EpochCertificate, row: EpochRow)?, signer: String,
        key: SigningKeyPair
    ) -> (cert: EpochCertificate, row: EpochRow) {
        let commitment = Hashing.blake2b(Array("commitment \(n)".utf8))
        let nonce = previous.map { _ in [UInt8](repeating: 1, count: 24) }
        let wrapped = previous.map { _ in [UInt8](repeating: 2, count: 48) }
        var cert = EpochCertificate(
            athleteId: "a-jane", epoch: n, commitment: commitment,
            previousCommitment: previous?.cert.commitment ?? [],
            wrappedHash: EpochCertificate.wrappedHash(nonce: nonce, wrapped: wrapped),
            signerId: signer)
        cert.sign(by: key, workspaceId: workspaceId)
        let row = EpochRow(
            epoch: n, commitment: commitment, previousNonce: nonce, previousWrapped: wrapped,
            signerId: signer, signature: cert.signature)
        return (cert, row)
    }

    static func grant(
        _ cert: EpochCertificate, to user: String, by key: SigningKeyPair, granter: String
    ) -> GrantRow {
        let sealed = Array("sealed to \(user)".utf8)
        let message = GrantStatement.message(
            athleteId: cert.athleteId, epoch: cert.epoch, userId: user, sealed: sealed,
            commitment: cert.commitment)
        return GrantRow(
            userId: user, grantedBy: granter, sealed: sealed, signature: key.sign(message))
    }
}
