import CoachCrypto

extension DeviceRevocation {
    /// The signed message of a check-in device's revocation: bound to one workspace and to
    /// every signed field and the signature of the check-in certificate it ends, under its own
    /// label, so it can never stand for the revocation of a full device.
    public func message(workspaceId: String, checkin: CheckinDeviceCertificate) -> [UInt8] {
        AssociatedData("coach/1/checkin-device-revoke").with(
            workspaceId, deviceId.rawValue, checkin.message(workspaceId: workspaceId),
            checkin.signature, revokedBy.rawValue, revokedAt
        ).bytes
    }

    /// Signs the revocation of a check-in device with the revoking user's key.
    public mutating func sign(
        by signer: SigningKeyPair, workspaceId: String, checkin: CheckinDeviceCertificate
    ) {
        signature = signer.sign(message(workspaceId: workspaceId, checkin: checkin))
    }
}
