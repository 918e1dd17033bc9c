import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust

/// Signed values of the wire types: an owner's registration and one roster entry of each type.
struct SyncFixture {
    static let workspace = "0b7e2c9a-5d1f-4e6a-9c3b-2f8d7a6e5b4c"
    let owner: SigningKeyPair
    let device: SigningKeyPair

    init() throws {
        try Sodium.initialize()
        owner = try SigningKeyPair.generate()
        device = try SigningKeyPair.generate()
    }

    var registration: WorkspaceRegistration {
        var r = WorkspaceRegistration(
            workspaceId: Self.workspace, ownerUserId: "u-olga", ownerSignPK: owner.publicKey,
            createdAt: 1_764_000_000_000)
        r.sign(by: owner)
        return r
    }

    var ownerCertificate: UserCertificate {
        var c = UserCertificate(
            userId: "u-olga", handle: "olga", role: .owner, athleteId: nil,
            boxPK: Array(repeating: 7, count: 32), signPK: owner.publicKey, disabled: false,
            kdfFloorOps: 2, kdfFloorMem: 67_108_864, version: 1, createdBy: "u-olga",
            signerId: "u-olga")
        c.sign(by: owner, workspaceId: Self.workspace)
        return c
    }

    /// One entry of every type.
    var entries: [RosterEntry] {
        var deviceCert = DeviceCertificate(
            deviceId: "d-1", userId: "u-olga", signPK: device.publicKey,
            createdAt: 1_764_000_000_001, name: "laptop")
        deviceCert.sign(by: owner, workspaceId: Self.workspace)
        var revocation = DeviceRevocation(
            deviceId: "d-1", revokedBy: "u-olga", revokedAt: 1_764_000_000_002)
        revocation.sign(by: owner, workspaceId: Self.workspace, certificate: deviceCert)
        var plugin = RosterPlugin(pluginId: "p-1", record: [1, 2, 3], signerId: "u-olga")
        plugin.sign(by: owner, workspaceId: Self.workspace)
        var removal = RosterRemoval(
            athleteId: "a-jane", removedBy: "u-olga", removedAt: 1_764_000_000_003)
        removal.sign(by: owner, workspaceId: Self.workspace)
        var keyRow = RosterKeyRow(
            userId: "u-olga", version: ownerCertificate.version, counter: 1, sealedKeys: [8, 8])
        keyRow.sign(by: owner, workspaceId: Self.workspace)
        return [
            .user(RosterUser(certificate: ownerCertificate, sealedKeys: [9, 9, 9])),
            .athlete(RosterAthlete(athleteId: "a-jane", handleTag: [4, 5])),
            .epoch(
                RosterEpoch(
                    athleteId: "a-jane",
                    row: EpochRow(
                        epoch: 2, commitment: [1], previousNonce: [2], previousWrapped: [3],
                        signerId: "u-olga", signature: [4]))),
            .grant(
                RosterGrant(
                    athleteId: "a-jane", epoch: 2,
                    row: GrantRow(
                        userId: "u-olga", grantedBy: "u-olga", sealed: [5], signature: [6]))),
            .device(RosterDevice(deviceCert)),
            .deviceRevocation(RosterDeviceRevocation(revocation)),
            .plugin(plugin),
            .removal(removal),
            .keyRow(keyRow),
        ]
    }
}
