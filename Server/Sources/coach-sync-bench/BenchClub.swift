import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation

/// A club for the benchmark: an owner, one coach holding every athlete, and one device of the
/// coach per athlete (so each athlete's pushes form a chain of their own, as each athlete's
/// own machine would). Every id is a lowercase UUID, as coach makes them.
struct BenchClub {
    let workspace: String
    let owner: SigningKeyPair
    let coach: SigningKeyPair
    let athletes: [AthleteID]
    var deviceKeys: [SigningKeyPair] = []
    var entries: [RosterEntry] = []
    let now: Int64
    let ownerId = Self.newID()
    let coachId = Self.newID()
    let deviceIds: [DeviceID]

    static func newID() -> String { UUID().uuidString.lowercased() }

    /// Each athlete's phone (a check-in device approved by the owner), with `checkin`.
    var phoneKeys: [SigningKeyPair] = []

    init(athletes count: Int, now: Int64, checkin: Bool = false) throws {
        try Sodium.initialize()
        workspace = Self.newID()
        owner = try SigningKeyPair.generate()
        coach = try SigningKeyPair.generate()
        athletes = (1...count).map { _ in AthleteID(Self.newID()) }
        deviceIds = (1...count).map { _ in DeviceID(Self.newID()) }
        self.now = now
        entries.append(
            .user(
                RosterUser(
                    certificate: certificate(ownerId, "owner", .owner, owner), sealedKeys: [1])))
        entries.append(
            .user(
                RosterUser(
                    certificate: certificate(coachId, "coach", .coach, coach), sealedKeys: [1])))
        for (index, athlete) in athletes.enumerated() {
            let commitment = Hashing.blake2b(Array(athlete.rawValue.utf8))
            var epoch = EpochCertificate(
                athleteId: athlete.rawValue, epoch: 1, commitment: commitment,
                previousCommitment: [], wrappedHash: [], signerId: ownerId)
            epoch.sign(by: owner, workspaceId: workspace)
            entries.append(
                .athlete(RosterAthlete(athleteId: athlete, handleTag: [UInt8(index % 256)])))
            entries.append(
                .epoch(
                    RosterEpoch(
                        athleteId: athlete,
                        row: EpochRow(
                            epoch: 1, commitment: commitment, previousNonce: nil,
                            previousWrapped: nil, signerId: ownerId, signature: epoch.signature)))
            )
            for user in [ownerId, coachId] {
                let sealed = Array("key of \(athlete) for \(user)".utf8)
                let message = GrantStatement.message(
                    athleteId: athlete.rawValue, epoch: 1, userId: user, sealed: sealed,
                    commitment: commitment)
                entries.append(
                    .grant(
                        RosterGrant(
                            athleteId: athlete, epoch: 1,
                            row: GrantRow(
                                userId: user, grantedBy: ownerId, sealed: sealed,
                                signature: owner.sign(message)))))
            }
            let key = try SigningKeyPair.generate()
            var device = DeviceCertificate(
                deviceId: device(index), userId: UserID(coachId), signPK: key.publicKey,
                createdAt: now,
                name: "bench \(index)")
            device.sign(by: coach, workspaceId: workspace)
            deviceKeys.append(key)
            entries.append(.device(RosterDevice(device)))
            if checkin { try addPhone(athlete) }
        }
    }

    func device(_ index: Int) -> DeviceID { deviceIds[index] }

    func certificate(_ id: String, _ handle: String, _ role: Role, _ key: SigningKeyPair)
        -> UserCertificate
    {
        var c = UserCertificate(
            userId: id, handle: handle, role: role, athleteId: nil,
            boxPK: Array(repeating: 7, count: 32),
            signPK: key.publicKey, disabled: false, kdfFloorOps: 2, kdfFloorMem: 67_108_864,
            version: 1, createdBy: ownerId, signerId: ownerId)
        c.sign(by: owner, workspaceId: workspace)
        return c
    }

    var registration: RegistrationRequest {
        var r = WorkspaceRegistration(
            workspaceId: workspace, ownerUserId: UserID(ownerId), ownerSignPK: owner.publicKey,
            createdAt: now)
        r.sign(by: owner)
        return RegistrationRequest(registration: r, roster: entries)
    }

    /// `days` pushes of `changes` new records each for athlete `index`, chained and signed,
    /// with bodies of `bodyBytes` (a sealed record's size), in the compact byte form or, with
    /// `version1`, the version-1 form.
    func batches(
        athlete index: Int, days: Int, changes: Int, bodyBytes: Int, version1: Bool = false
    ) -> [PushRequest] {
        var position = ChangeVerifier.ChainPosition.genesis
        let random = SystemRandom()
        return (1...days).map { day in
            let envelopes = (1...changes).map { n -> [UInt8] in
                var change = ChangeEnvelope(
                    workspaceId: workspace, stream: .athlete(athletes[index]),
                    object: Self.newID(), kind: "wellness", day: "2026-11-\(10 + day % 18)",
                    operation: .put, baseVersion: 0,
                    clock: HybridTimestamp(milliseconds: now, counter: UInt16(n)),
                    device: device(index), author: UserID(coachId), epoch: 1,
                    sequence: position.sequence + 1, previousHash: position.hash,
                    body: random.bytes(bodyBytes))
                change.sign(by: deviceKeys[index])
                position = .init(sequence: change.sequence, hash: change.hash)
                return version1 ? change.encodedVersion1() : change.encoded()
            }
            return PushRequest(device: device(index), batchSeq: Int64(day), changes: envelopes)
        }
    }
}
