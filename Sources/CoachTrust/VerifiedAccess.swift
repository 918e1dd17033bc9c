import CoachKit

/// Who verifiably holds an athlete's newest key, decided from the public rows alone: the
/// athlete's checked key history and the grants of its newest epoch that count.
///
/// A rotation or a re-grant takes its recipients from here and never from the grant rows as
/// stored, so a row someone planted in the file never becomes a grant.
public struct VerifiedAccess: Sendable {
    /// The athlete's epoch certificates, oldest first, each verified.
    public let history: [EpochCertificate]
    /// The verified certificates of the users holding a grant of the newest epoch that counts,
    /// by user id.
    public let grants: [String: UserCertificate]

    /// The newest epoch's certificate.
    public var epoch: EpochCertificate { history[history.count - 1] }

    /// Whether `userId` holds a grant of the newest epoch that counts.
    public func holds(_ userId: String) -> Bool { grants[userId] != nil }

    /// The holders of a grant of the newest epoch, ordered by handle.
    public var holders: [UserCertificate] {
        grants.values.sorted { ($0.handle, $0.userId) < ($1.handle, $1.userId) }
    }

    /// The owner's user id.
    public let ownerId: String

    /// Who receives the key of a rotation away from `leaving`: every other holder of a grant
    /// that counts whose certificate is active, ordered by handle.
    ///
    /// A user still waiting to enrol holds keys sealed under a one-time code that whoever made
    /// the code has seen, so they receive the new key only when both the user's creator and
    /// the signer of their pending certificate (who made a reset's code) are the owner or stay
    /// recipients: a coach who made an athlete user's code and is now leaving must not keep a
    /// way in through it.
    ///
    /// - Parameter leaving: the user the key is rotated away from, if any.
    public func recipients(excluding leaving: String?) -> [UserCertificate] {
        let staying = holders.filter { $0.userId != leaving && !$0.disabled }
        let enrolled = Set(staying.filter { !$0.pending }.map(\.userId))
        let trusted = { (id: String) in id == ownerId || enrolled.contains(id) }
        return staying.filter { !$0.pending || (trusted($0.signerId) && trusted($0.createdBy)) }
    }
}

extension MembershipVerifier {
    /// The athlete's verified key history and the holders of its newest epoch, checked in
    /// full: every grant of the newest epoch must count, and the owner must hold one.
    ///
    /// - Parameters:
    ///   - rows: where the public rows are read from.
    ///   - athleteId: the athlete.
    /// - Returns: the history and the holders whose grants count.
    /// - Throws: `TrustError.tampered` for a key history that does not verify, a grant of the
    ///   newest epoch that does not count (a row planted or altered in the file), or an athlete
    ///   whose newest epoch the owner does not hold (her grant removed).
    public func access(in rows: some PublicRows, athleteId: String) throws -> VerifiedAccess {
        let history = try epochs(in: rows, athleteId: athleteId)
        let counted = try counted(in: rows, of: history[history.count - 1], strict: true)
        let owner = try book.owner(in: rows, anchor: anchor)
        guard counted.granted[owner.userId] != nil else {
            throw TrustError.ownerGrant
        }
        return VerifiedAccess(
            history: history, grants: counted.granted, ownerId: owner.userId)
    }
}
