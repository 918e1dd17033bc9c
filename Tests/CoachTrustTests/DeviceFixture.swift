import CoachCrypto
import CoachKit
import CoachTrust

/// Devices of the `TrustRoster` club: carl's laptop and jane's phone, each certified by its
/// user, and envelopes signed by them.
struct DeviceFixture {
    var roster: TrustRoster
    let laptopKey: SigningKeyPair
    let phoneKey: SigningKeyPair
    var laptop: DeviceCertificate
    var phone: DeviceCertificate

    var workspaceId: String { TrustRoster.workspaceId }
    var verifier: DeviceVerifier { DeviceVerifier(anchor: roster.anchor) }

    init() throws {
        roster = try TrustRoster()
        laptopKey = try SigningKeyPair.generate()
        phoneKey = try SigningKeyPair.generate()
        laptop = DeviceCertificate(
            deviceId: "d-laptop", userId: "u-carl", signPK: laptopKey.publicKey,
            createdAt: 1_764_000_000_000, name: "carl-laptop")
        laptop.sign(by: roster.coach, workspaceId: TrustRoster.workspaceId)
        phone = DeviceCertificate(
            deviceId: "d-phone", userId: "u-jane", signPK: phoneKey.publicKey,
            createdAt: 1_764_000_500_000, name: "jane-phone")
        phone.sign(by: roster.athleteUser, workspaceId: TrustRoster.workspaceId)
    }

    /// The laptop's verified certificate.
    func verifiedLaptop(revocation: DeviceRevocation? = nil) throws -> DeviceVerifier.Verified {
        try verifier.verify(laptop, revocation: revocation, in: roster.rows)
    }

    /// A revocation of `device` by `user`, signed with `key`.
    func revocation(
        of device: DeviceCertificate, by user: UserID, key: SigningKeyPair
    ) -> DeviceRevocation {
        var revocation = DeviceRevocation(
            deviceId: device.deviceId, revokedBy: user, revokedAt: 1_764_100_000_000)
        revocation.sign(by: key, workspaceId: workspaceId, certificate: device)
        return revocation
    }

    /// `count` changes of the laptop to jane's stream, chained from the genesis and signed.
    func laptopChanges(_ count: Int) -> [ChangeEnvelope] {
        var previous = ChangeEnvelope.genesisHash
        return (1...count).map { n in
            var change = ChangeEnvelope(
                workspaceId: workspaceId, stream: .athlete("a-jane"), object: "rec-\(n)",
                kind: "wellness", day: "2026-11-2\(n % 10)", operation: .put,
                baseVersion: 0,
                clock: HybridTimestamp(milliseconds: 1_764_000_000_000 + Int64(n), counter: 0),
                device: "d-laptop", author: "u-carl", epoch: 2, sequence: Int64(n),
                previousHash: previous, body: Array("sealed body \(n)".utf8))
            change.sign(by: laptopKey)
            previous = change.hash
            return change
        }
    }
}
