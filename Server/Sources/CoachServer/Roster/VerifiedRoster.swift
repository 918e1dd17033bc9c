import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust

/// A roster that verified: each live athlete's key history and the holders of its newest
/// epoch, and each device with its verified user. What the push, pull and sign-in checks read.
public struct VerifiedRoster: Sendable {
    public let roster: ServerRoster
    /// By athlete id, for every athlete not removed.
    public let access: [AthleteID: VerifiedAccess]
    public let devices: [DeviceID: DeviceVerifier.Verified]
    /// The check-in devices (phones), verified; never among `devices`, so none signs in.
    public let checkinDevices: [DeviceID: CheckinDeviceVerifier.Verified]
    public let ownerId: UserID

    /// Runs every trust check over `roster`.
    ///
    /// - Throws: `RosterRefusal` naming what does not verify.
    public init(_ roster: ServerRoster) throws {
        self.roster = roster
        let anchor = roster.anchor
        let book = CertificateBook()
        let rows = roster.rows
        do {
            for id in rows.userIds() {
                _ = try book.certificate(in: rows, userId: id, anchor: anchor)
            }
            let owner = try book.owner(in: rows, anchor: anchor)
            guard owner.userId == roster.registration.ownerUserId.rawValue else {
                throw RosterRefusal("the owner's certificate is not the registration's owner")
            }
            ownerId = UserID(owner.userId)
            let membership = MembershipVerifier(anchor: anchor, book: book)
            var access: [AthleteID: VerifiedAccess] = [:]
            for id in rows.athletes.map(AthleteID.init) where !roster.removed.contains(id) {
                access[id] = try membership.access(in: rows, athleteId: id.rawValue)
            }
            self.access = access
            let verifier = DeviceVerifier(anchor: anchor, book: book)
            var devices: [DeviceID: DeviceVerifier.Verified] = [:]
            for (id, device) in roster.devices {
                devices[id] = try verifier.verify(
                    device.certificate, revocation: device.revocation, in: rows)
            }
            self.devices = devices
            checkinDevices = try Self.verifyCheckin(roster, book: book)
            try Self.checkStatements(roster, owner: owner, book: book)
        } catch let error as TrustError {
            throw RosterRefusal("the roster does not verify: \(error.problemDescription)")
        }
    }

    /// The roster of a workspace being registered, before its first entries: nothing in it
    /// to verify, and nothing it allows.
    init(unverifiedEmpty roster: ServerRoster) {
        self.roster = roster
        access = [:]
        devices = [:]
        checkinDevices = [:]
        ownerId = roster.registration.ownerUserId
    }

    /// Plugin entries must be the owner's; removals a staff user's.
    private static func checkStatements(
        _ roster: ServerRoster, owner: UserCertificate, book: CertificateBook
    ) throws {
        let ws = roster.registration.workspaceId
        for plugin in roster.plugins.values {
            guard plugin.signerId.rawValue == owner.userId,
                SigningKeyPair.verify(
                    plugin.signature.bytes, of: plugin.message(workspaceId: ws),
                    publicKey: owner.signPK)
            else { throw RosterRefusal("plugin \(plugin.pluginId) is not signed by the owner") }
        }
        for removal in roster.removals {
            let signer = try book.certificate(
                in: roster.rows, userId: removal.removedBy.rawValue, anchor: roster.anchor)
            guard AuditRoles.allows(signer.role, "athlete.remove"), !signer.disabled,
                SigningKeyPair.verify(
                    removal.signature.bytes, of: removal.message(workspaceId: ws),
                    publicKey: signer.signPK)
            else {
                throw RosterRefusal(
                    "the removal of athlete \(removal.athleteId) is not signed by staff")
            }
        }
    }

    /// The user's verified certificate, if the user verifies.
    public func user(_ id: UserID) -> UserCertificate? {
        guard let entry = roster.users[id] else { return nil }
        return try? CertificateBook().certificate(
            in: roster.rows, userId: entry.userId.rawValue, anchor: roster.anchor)
    }

    /// Whether `user` may read the athlete's stream: a grant of its current epoch that counts,
    /// or the athlete user of that athlete.
    public func mayRead(_ athlete: AthleteID, user: UserCertificate) -> Bool {
        guard let access = access[athlete] else { return false }
        if user.role == .athlete { return user.athleteId == athlete.rawValue }
        return access.holds(user.userId)
    }
}
