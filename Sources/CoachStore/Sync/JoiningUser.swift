import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust

/// A user joining a workspace on a new machine: their keys, opened from the sealed key row of
/// their roster entry with their passphrase, and a fresh device they certify.
///
/// Made before any file exists, so a wrong passphrase writes nothing. The device signs the
/// sign-in that fetches the roster; `Workspace.join` then puts its row into the replica.
public struct JoiningUser: Sendable {
    /// The user's roster entry, as the server answered the join.
    public let user: RosterUser
    /// The new device's certificate, signed by the user.
    public let device: DeviceCertificate
    let row: UserRow
    let secret: SecretKey
    let deviceKeys: SigningKeyPair

    /// Opens `user`'s sealed key row with `passphrase` and certifies a new device.
    ///
    /// - Parameters:
    ///   - workspaceId: the workspace the device certificate is bound to.
    ///   - deviceId: the new device's id.
    ///   - deviceName: what the device is called (the machine's name).
    ///   - createdAt: when the device is made, in Unix milliseconds.
    /// - Throws: `StoreError.authenticationFailed` for a wrong passphrase; `.tampered` when
    ///   the row is not a sealed key row, its key derivation costs are below the user's
    ///   certified floor or above the strongest preset, or its keys do not match the
    ///   certificate.
    public init(
        user: RosterUser, passphrase: SecretKey, workspaceId: String, deviceId: DeviceID,
        deviceName: String, createdAt: Int64, random: any RandomSource
    ) throws {
        let id = user.userId.rawValue
        guard let fields = SealedKeyFields(user.sealedKeys.bytes) else {
            throw StoreError.tampered("the sealed key row of user '\(user.handle)' on the server")
        }
        let row = UserRow(
            id: id, handle: user.handle, role: user.role, athleteId: user.athleteId?.rawValue,
            boxPK: user.boxPK.bytes, signPK: user.signPK.bytes,
            kdf: KDFParameters(
                algorithm: fields.algorithm, opsLimit: UInt64(clamping: fields.ops),
                memLimit: UInt64(clamping: fields.mem), salt: fields.salt),
            sealed: SealedPayload(nonce: fields.nonce, ciphertext: fields.ciphertext),
            indexKeySealed: fields.indexKey)
        guard
            row.kdf.costsWithin(
                floorOps: UInt64(clamping: user.kdfFloorOps),
                floorMem: UInt64(clamping: user.kdfFloorMem))
        else {
            throw StoreError.tampered(
                "the key derivation costs of user '\(user.handle)' on the server (below the"
                    + " certified floor or above the strongest preset)")
        }
        let secret = try row.open(passphrase: passphrase)
        let (_, sign) = try row.keyPairs(from: secret)
        let keys = try SigningKeyPair.generate(random: random)
        var certificate = DeviceCertificate(
            deviceId: deviceId, userId: user.userId, signPK: keys.publicKey,
            createdAt: createdAt, name: deviceName)
        certificate.sign(by: sign, workspaceId: workspaceId)
        self.user = user
        self.row = row
        self.secret = secret
        self.deviceKeys = keys
        self.device = certificate
    }

    /// Signs `message` with the new device's key (the sign-in challenge).
    public func signAsDevice(_ message: [UInt8]) -> [UInt8] { deviceKeys.sign(message) }
}
