import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust

/// A club built as signed values with CoachTrust and CoachCrypto: the owner olga, the coach
/// carl, jane's athlete user, the athletes jane (granted to olga, carl and jane's user) and
/// bert (olga only), and one device each (carl has a second, `spare`).
struct ClubFixture: Sendable {
    static let workspace = "3c5e8f0a-1b2d-4e6f-8a9b-0c1d2e3f4a5b"
    static let now: Int64 = 1_764_100_000_000

    let owner: SigningKeyPair
    let coach: SigningKeyPair
    let athlete: SigningKeyPair
    let keys: [DeviceID: SigningKeyPair]
    let devices: [DeviceID: DeviceCertificate]
    let certificates: [UserID: UserCertificate]

    init() throws {
        try Sodium.initialize()
        owner = try SigningKeyPair.generate()
        coach = try SigningKeyPair.generate()
        athlete = try SigningKeyPair.generate()
        var certificates: [UserID: UserCertificate] = [:]
        certificates["u-olga"] = Self.certificate("u-olga", "olga", .owner, owner, by: owner)
        certificates["u-carl"] = Self.certificate("u-carl", "carl", .coach, coach, by: owner)
        certificates["u-jane"] = Self.certificate(
            "u-jane", "jane", .athlete, athlete, by: owner, athleteId: "a-jane")
        self.certificates = certificates
        var keys: [DeviceID: SigningKeyPair] = [:]
        var devices: [DeviceID: DeviceCertificate] = [:]
        let owners: [(DeviceID, UserID, SigningKeyPair)] = [
            ("d-olga", "u-olga", owner), ("d-carl", "u-carl", coach),
            ("d-spare", "u-carl", coach), ("d-jane", "u-jane", athlete),
        ]
        for (id, user, userKey) in owners {
            let key = try SigningKeyPair.generate()
            var certificate = DeviceCertificate(
                deviceId: id, userId: user, signPK: key.publicKey, createdAt: Self.now - 1_000,
                name: id.rawValue)
            certificate.sign(by: userKey, workspaceId: Self.workspace)
            keys[id] = key
            devices[id] = certificate
        }
        self.keys = keys
        self.devices = devices
    }

    static func certificate(
        _ id: String, _ handle: String, _ role: Role, _ key: SigningKeyPair,
        by signer: SigningKeyPair, athleteId: String? = nil
    ) -> UserCertificate {
        var c = UserCertificate(
            userId: id, handle: handle, role: role, athleteId: athleteId,
            boxPK: Array(repeating: 7, count: 32), signPK: key.publicKey, disabled: false,
            kdfFloorOps: 2, kdfFloorMem: 67_108_864, version: 1, createdBy: "u-olga",
            signerId: "u-olga")
        c.sign(by: signer, workspaceId: workspace)
        return c
    }

    var registration: WorkspaceRegistration {
        var r = WorkspaceRegistration(
            workspaceId: Self.workspace, ownerUserId: "u-olga", ownerSignPK: owner.publicKey,
            createdAt: Self.now - 10_000)
        r.sign(by: owner)
        return r
    }

    /// An epoch of `athlete` signed by the owner, and its entry; a rotation (`n` > 1) carries
    /// the stream position `at`, signed by the owner.
    func epoch(
        _ athlete: AthleteID, _ n: Int,
        at position: (sseq: Int64, head: [UInt8]) = (0, StreamChain.genesis)
    ) -> (EpochCertificate, RosterEntry) {
        let commitment = Hashing.blake2b(Array("\(athlete) epoch \(n)".utf8))
        let previous = n == 1 ? [] : Hashing.blake2b(Array("\(athlete) epoch \(n - 1)".utf8))
        let nonce: [UInt8]? = n == 1 ? nil : Array(repeating: 1, count: 24)
        let wrapped: [UInt8]? = n == 1 ? nil : Array(repeating: 2, count: 48)
        var cert = EpochCertificate(
            athleteId: athlete.rawValue, epoch: n, commitment: commitment,
            previousCommitment: previous,
            wrappedHash: EpochCertificate.wrappedHash(nonce: nonce, wrapped: wrapped),
            signerId: "u-olga")
        cert.sign(by: owner, workspaceId: Self.workspace)
        let row = EpochRow(
            epoch: n, commitment: commitment, previousNonce: nonce, previousWrapped: wrapped,
            signerId: "u-olga", signature: cert.signature)
        var entry = RosterEpoch(athleteId: athlete, row: row)
        if n > 1 {
            var mark = RosterStreamMark(sseq: position.sseq, head: position.head)
            mark.sign(by: owner, workspaceId: Self.workspace, epoch: entry)
            entry.streamMark = mark
        }
        return (cert, .epoch(entry))
    }

    /// A grant of `cert`'s epoch to `user`, signed by the owner.
    func grant(_ cert: EpochCertificate, to user: UserID) -> RosterEntry {
        let sealed = Array("key sealed to \(user)".utf8)
        let message = GrantStatement.message(
            athleteId: cert.athleteId, epoch: cert.epoch, userId: user.rawValue, sealed: sealed,
            commitment: cert.commitment)
        return .grant(
            RosterGrant(
                athleteId: AthleteID(cert.athleteId), epoch: cert.epoch,
                row: GrantRow(
                    userId: user.rawValue, grantedBy: "u-olga", sealed: sealed,
                    signature: owner.sign(message))))
    }

    /// The roster of the registration: users, athletes with epoch 1 and grants, devices.
    var roster: [RosterEntry] {
        var entries: [RosterEntry] = ["u-olga", "u-carl", "u-jane"].map {
            .user(RosterUser(certificate: certificates[$0]!, sealedKeys: [1, 2, 3]))
        }
        let (jane, janeEpoch) = epoch("a-jane", 1)
        let (bert, bertEpoch) = epoch("a-bert", 1)
        entries += [
            .athlete(RosterAthlete(athleteId: "a-jane", handleTag: [0xA1])), janeEpoch,
            grant(jane, to: "u-olga"), grant(jane, to: "u-carl"), grant(jane, to: "u-jane"),
            .athlete(RosterAthlete(athleteId: "a-bert", handleTag: [0xB1])), bertEpoch,
            grant(bert, to: "u-olga"),
        ]
        for id in ["d-olga", "d-carl", "d-spare", "d-jane"] as [DeviceID] {
            entries.append(.device(RosterDevice(devices[id]!)))
        }
        return entries
    }

    /// The revocation of `device` by the owner.
    func revocation(of device: DeviceID) -> RosterEntry {
        var r = DeviceRevocation(deviceId: device, revokedBy: "u-olga", revokedAt: Self.now)
        r.sign(by: owner, workspaceId: Self.workspace, certificate: devices[device]!)
        return .deviceRevocation(RosterDeviceRevocation(r))
    }

    /// Signed changes of `device`, chained from `after` (sequence and hash).
    func changes(
        _ device: DeviceID, _ specs: [Spec],
        after: ChangeVerifier.ChainPosition = .genesis
    ) -> [ChangeEnvelope] {
        var position = after
        let author = devices[device]!.userId
        return specs.map { spec in
            var change = ChangeEnvelope(
                workspaceId: spec.workspace ?? Self.workspace, stream: .athlete(spec.athlete),
                object: spec.object, kind: spec.kind, day: "2026-11-25", operation: spec.operation,
                baseVersion: spec.base,
                clock: HybridTimestamp(milliseconds: spec.clock, counter: 0),
                device: device, author: author, epoch: spec.epoch,
                sequence: position.sequence + 1, previousHash: position.hash,
                body: spec.body ?? Array("ciphertext of \(spec.object)".utf8), seen: spec.seen)
            change.sign(by: keys[device]!)
            position = ChangeVerifier.ChainPosition(sequence: change.sequence, hash: change.hash)
            return change
        }
    }

    /// What one change does.
    struct Spec {
        var athlete: AthleteID = "a-jane"
        var object: String
        var kind = "wellness"
        var operation = ChangeOperation.put
        var base: Int64 = 0
        var epoch: Int64 = 1
        var clock: Int64 = ClubFixture.now
        var workspace: String? = nil
        var seen: LogPosition? = nil
        var body: [UInt8]? = nil
    }
}
