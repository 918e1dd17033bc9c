import CoachCrypto

/// What a granter signs when handing an athlete's epoch key to a user.
public enum GrantStatement {
    /// The signed bytes: the athlete, the epoch, the holder, a hash of the key as sealed to
    /// them, and the epoch's commitment.
    public static func message(
        athleteId: String, epoch: Int, userId: String, sealed: [UInt8], commitment: [UInt8]
    ) -> [UInt8] {
        AssociatedData("coach/1/grant-sig").with(
            athleteId, epoch, userId, Hashing.blake2b(sealed), commitment
        ).bytes
    }
}
