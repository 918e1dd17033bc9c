extension HPKEBase {
    /// The KDF context of an athlete epoch's inbox key.
    static let inboxContext = "inbox___"

    /// The inbox key pair of one athlete epoch: its secret the KDF subkey "inbox___" of the
    /// epoch's data key with the epoch as id, its public half by X25519 scalar multiplication.
    ///
    /// Anyone who holds the epoch key derives the same pair, so any reader of the athlete can
    /// open what was sealed to it and check that a published public key is really this one.
    /// - Parameters:
    ///   - epochKey: the athlete's data key of `epoch`.
    ///   - epoch: the epoch (1 or more).
    /// - Returns: the key pair.
    /// - Throws: `CryptoError.invalidLength` for a malformed key or an epoch below 1.
    public static func inboxKeyPair(epochKey: SecretKey, epoch: Int) throws -> KeyPair {
        guard epoch >= 1 else { throw CryptoError.invalidLength(what: "key epoch") }
        let secret = try Hashing.deriveSubkey(
            id: UInt64(epoch), context: inboxContext, from: epochKey)
        var bytes = secret.withBytes { Array($0) }
        defer { Sodium.wipe(&bytes) }
        let publicKey = try Sodium.x25519Base(bytes)
        return KeyPair(publicKey: publicKey, secretKey: secret)
    }
}
