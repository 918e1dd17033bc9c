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

    /// Who receives the key of a rotation away from `leaving`: every other holder of a grant
    /// that counts whose certificate is active and enrolled (a user still waiting to enrol
    /// gets the new key only through a new grant once enrolled), ordered by handle.
    ///
    /// - Parameter leaving: the user the key is rotated away from, if any.
    public func recipients(excluding leaving: String?) -> [UserCertificate] {
        holders.filter { $0.userId != leaving && !$0.disabled && !$0.pending }
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
        return VerifiedAccess(history: history, grants: counted.granted)
    }
}
