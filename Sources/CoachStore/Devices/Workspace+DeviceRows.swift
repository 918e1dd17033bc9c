import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// The device with `id`, verified, or nil when there is none.
    func verifiedDevice(_ db: Database, _ id: DeviceID, as actor: Principal) throws
        -> DeviceVerifier.Verified?
    {
        guard let row = try Row.fetchOne(db, sql: DevicesTable.byId, arguments: [id.rawValue])
        else { return nil }
        return try verify(db, row, as: actor)
    }

    /// A device row's certificate and revocation, verified against `actor`'s trust anchor.
    ///
    /// - Throws: `StoreError.tampered` naming the device when either does not verify.
    func verify(_ db: Database, _ row: Row, as actor: Principal) throws
        -> DeviceVerifier.Verified
    {
        let certificate = DeviceCertificate(
            deviceId: DeviceID(row["id"]), userId: UserID(row["user_id"]),
            signPK: [UInt8](row["sign_pk"] as Data), createdAt: row["created_at"],
            name: row["name"], signature: [UInt8](row["signature"] as Data))
        var revocation: DeviceRevocation?
        let revokedBy: String? = row["revoked_by"]
        let revokedAt: Int64? = row["revoked_at"]
        let signature = (row["revocation"] as Data?).map { [UInt8]($0) }
        if revokedBy != nil || revokedAt != nil || signature != nil {
            guard let revokedBy, let revokedAt, let signature else {
                throw StoreError.tampered("the revocation of device \(certificate.deviceId)")
            }
            revocation = DeviceRevocation(
                deviceId: certificate.deviceId, revokedBy: UserID(revokedBy),
                revokedAt: revokedAt, signature: signature)
        }
        if revocation == nil,
            try Self.auditTargets(db, "device.revoke").contains(certificate.deviceId.rawValue)
        {
            // The signed audit log says it was revoked: the revocation was removed.
            throw StoreError.tampered("the revocation of device \(certificate.deviceId)")
        }
        let verifier = DeviceVerifier(anchor: actor.anchor, book: actor.certificates)
        return try StoreError.checking {
            try verifier.verify(certificate, revocation: revocation, in: DatabaseRows(db: db))
        }
    }

    /// The targets of the audit entries of `action`.
    static func auditTargets(_ db: Database, _ action: String) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: AuditTable.targetsOfAction, arguments: [action]))
    }

    /// What a listing shows of a verified device.
    func summary(_ db: Database, _ device: DeviceVerifier.Verified, thisDevice: DeviceID?)
        throws -> DeviceSummary
    {
        let revokedBy = try device.revocation.map { revocation in
            Handle(
                try String.fetchOne(
                    db, sql: UsersTable.handleOfId, arguments: [revocation.revokedBy.rawValue])
                    ?? revocation.revokedBy.rawValue)
        }
        return DeviceSummary(
            id: device.certificate.deviceId, user: Handle(device.user.handle),
            name: device.certificate.name,
            createdAt: Self.isoInstant(device.certificate.createdAt),
            revoked: device.revocation != nil, revokedBy: revokedBy,
            revokedAt: device.revocation.map { Self.isoInstant($0.revokedAt) },
            thisMachine: device.certificate.deviceId == thisDevice)
    }

    /// Unix milliseconds as an ISO 8601 UTC instant to the second.
    static func isoInstant(_ milliseconds: Int64) -> String {
        Instant(epochSeconds: (Double(milliseconds) / 1000).rounded(.down), offsetSeconds: 0)
            .description
    }

    /// The device key sealed under a key only `actor` derives, bound to the workspace, the
    /// user and the device id.
    func sealDeviceKey(_ id: DeviceID, _ keys: SigningKeyPair, as actor: Principal) throws
        -> [UInt8]
    {
        let key = try Hashing.deriveSubkey(id: 1, context: "deviceky", from: actor.selfKey)
        var plain = keys.secretKey.withBytes { Array($0) } + Array(id.rawValue.utf8)
        defer { Sodium.wipe(&plain) }
        let sealed = try AEAD.seal(
            plain, ad: deviceKeyAD(actor), key: key, random: random)
        return sealed.nonce + sealed.ciphertext
    }

    /// The device id and key in what `sealDeviceKey` made.
    ///
    /// - Throws: `CryptoError` when the bytes do not open for `actor`.
    func openDeviceKey(_ sealed: [UInt8], as actor: Principal) throws
        -> (id: DeviceID, keys: SigningKeyPair)
    {
        let key = try Hashing.deriveSubkey(id: 1, context: "deviceky", from: actor.selfKey)
        let n = AEAD.nonceBytes
        guard sealed.count > n else { throw CryptoError.authenticationFailed }
        var plain = try AEAD.open(
            SealedPayload(nonce: Array(sealed[..<n]), ciphertext: Array(sealed[n...])),
            ad: deviceKeyAD(actor), key: key)
        defer { Sodium.wipe(&plain) }
        let secretBytes = SigningKeyPair.secretBytes
        guard plain.count > secretBytes,
            let id = String(bytes: plain[secretBytes...], encoding: .utf8)
        else { throw CryptoError.authenticationFailed }
        var secret = Array(plain[..<secretBytes])
        let publicKey = Array(secret[32...])
        return (
            DeviceID(id),
            SigningKeyPair(publicKey: publicKey, secretKey: try SecretKey(consuming: &secret))
        )
    }

    private func deviceKeyAD(_ actor: Principal) -> [UInt8] {
        AssociatedData("coach/1/device-key").with(
            actor.anchor.workspaceId, actor.userId.rawValue
        ).bytes
    }
}
