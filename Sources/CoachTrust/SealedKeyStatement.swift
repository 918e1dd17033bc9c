import CoachCrypto

/// What a user signs when their sealed key row changes without a new certificate (a new
/// passphrase): the row, bound to the workspace, the user, the certificate version it follows
/// and a counter that only grows, so an older row cannot be handed out again.
public enum SealedKeyStatement {
    /// The signed bytes: the workspace, the user, the certificate version, the counter and a
    /// hash of the sealed key row.
    public static func message(
        workspaceId: String, userId: String, version: Int, counter: Int, sealedKeys: [UInt8]
    ) -> [UInt8] {
        AssociatedData("coach/1/sealed-keys-sig").with(
            workspaceId, userId, version, counter, Hashing.blake2b(sealedKeys)
        ).bytes
    }

    /// Whether `signature` is the user's own over the row, at the version `certificate`
    /// holds, by an active user.
    ///
    /// - Parameters:
    ///   - signature: the signature to check.
    ///   - certificate: the user's certificate as it stands (verified by the caller).
    ///   - workspaceId: the workspace the row belongs to.
    ///   - version: the certificate version the row names.
    ///   - counter: the row's counter.
    ///   - sealedKeys: the sealed key row.
    /// - Returns: true only when the versions match, the user is neither disabled nor pending,
    ///   and the signature verifies under the certificate's signing key.
    public static func verify(
        _ signature: [UInt8], certificate: UserCertificate, workspaceId: String, version: Int,
        counter: Int, sealedKeys: [UInt8]
    ) -> Bool {
        guard certificate.version == version, !certificate.disabled, !certificate.pending,
            counter >= 1
        else { return false }
        let message = Self.message(
            workspaceId: workspaceId, userId: certificate.userId, version: version,
            counter: counter, sealedKeys: sealedKeys)
        return SigningKeyPair.verify(signature, of: message, publicKey: certificate.signPK)
    }
}
