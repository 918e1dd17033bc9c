import CoachCrypto

/// Key commitments, grant contents and the associated data of wrapped epoch keys.
enum KeyCommitment {
    static func commitment(_ key: SecretKey, athleteId: String, epoch: Int) -> [UInt8] {
        Hashing.keyedBlake2b(
            AssociatedData("coach/1/commit").with(athleteId, epoch).bytes, key: key)
    }

    static func matches(_ key: SecretKey, athleteId: String, epoch: Int, commitment: [UInt8])
        -> Bool
    {
        Sodium.constantTimeEqual(
            Self.commitment(key, athleteId: athleteId, epoch: epoch), commitment)
    }

    static func selfAD(athleteId: String, epoch: Int, userId: String) -> [UInt8] {
        AssociatedData("coach/1/self-grant").with(athleteId, epoch, userId).bytes
    }

    static func wrapAD(athleteId: String, epoch: Int) -> [UInt8] {
        AssociatedData("coach/1/epochwrap").with(athleteId, epoch).bytes
    }

    /// The sealed grant plaintext: label, ids and the data key, length-prefixed.
    static func grantPlaintext(athleteId: String, epoch: Int, userId: String, key: SecretKey)
        -> [UInt8]
    {
        AssociatedData("coach/1/grant").with(athleteId, epoch, userId, key.exportBytes()).bytes
    }

    /// Opens a grant and checks that the ids inside are the ones of the row it was found in.
    static func openGrant(
        _ sealed: [UInt8], athleteId: String, epoch: Int, userId: String,
        keys: BoxKeyPair
    ) throws -> SecretKey {
        let plain: SecretKey
        do { plain = try SealedBox.open(sealed, with: keys) } catch {
            throw StoreError.tampered("the access grant of this athlete")
        }
        var bytes = plain.exportBytes()
        defer { Sodium.wipe(&bytes) }
        let prefix = AssociatedData("coach/1/grant").with(athleteId, epoch, userId).bytes
        guard bytes.count == prefix.count + 4 + 32, Array(bytes[0..<prefix.count]) == prefix,
            Array(bytes[prefix.count..<(prefix.count + 4)]) == [0, 0, 0, 32]
        else {
            throw StoreError.tampered("the access grant of this athlete")
        }
        var key = Array(bytes[(prefix.count + 4)...])
        return try SecretKey(consuming: &key)
    }
}
