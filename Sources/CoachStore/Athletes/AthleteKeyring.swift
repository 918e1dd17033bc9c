import CoachCrypto
import CoachTrust
import Foundation
import GRDB

/// The data keys of one athlete that the acting user can open, per epoch.
///
/// Opened from the user's grant for the newest epoch; older epochs' keys are unwrapped on
/// demand from the chain stored in the epoch rows, each checked against its commitment.
/// Owns key material, hence a class; it lives for one command.
final class AthleteKeyring {
    let athleteId: String
    let currentEpoch: Int
    private var dataKeys: [Int: SecretKey]
    private var recordKeys: [Int: SecretKey] = [:]

    private init(athleteId: String, currentEpoch: Int, currentKey: SecretKey) {
        self.athleteId = athleteId
        self.currentEpoch = currentEpoch
        self.dataKeys = [currentEpoch: currentKey]
    }

    /// The data key of the newest epoch (for new grants).
    var currentDataKey: SecretKey { dataKeys[currentEpoch]! }

    /// A self-sealed copy of the grant to store, when the grant was opened the slow way.
    private(set) var pendingSelfSeal: (epoch: Int, userId: String, sealed: SealedPayload)?

    /// The athlete's handle as this user last saw it (from their own sealed label), if any.
    private(set) var label: String?

    /// A new sealed label to store, when the handle differs from the stored one.
    private var pendingLabel: (userId: String, sealed: SealedPayload)?

    /// The user's own symmetric key, to seal a new label.
    private var selfKey: SecretKey?
    private var userId = ""

    /// The user who opened the keyring (who signs the record head of a write, and whose
    /// trust anchor checks it).
    private(set) var opener: Principal?

    /// Opens the keyring through `principal`'s grant; fails unless they hold the newest epoch.
    ///
    /// The first time, the grant is checked the full way (granter's signature, sealed box,
    /// ids inside, key commitment) and a copy sealed under the user's own symmetric key is
    /// prepared (`pendingSelfSeal`); later opens use that copy, which only this user can have
    /// made, and still check the commitment.
    /// Opens the keyring and, with it, the user's own sealed label of the athlete's handle, so a
    /// grant that fails to verify is reported by name (`grantTampered`) rather than by id.
    static func openLabelled(_ db: Database, athleteId: String, principal: Principal) throws
        -> AthleteKeyring
    {
        let keyring: AthleteKeyring
        do {
            keyring = try open(db, athleteId: athleteId, principal: principal)
        } catch StoreError.tampered {
            let label: String?
            do { label = try Self.label(db, athleteId: athleteId, principal: principal) } catch {
                label = nil
            }
            throw StoreError.grantTampered(athlete: label ?? athleteId)
        }
        keyring.label = try Self.label(db, athleteId: athleteId, principal: principal)
        keyring.selfKey = principal.selfKey
        keyring.userId = principal.userId.rawValue
        return keyring
    }

    /// Records the handle seen through this keyring, to be sealed as the user's label when it changed.
    func noteHandle(_ handle: String, random: RandomSource) throws {
        guard handle != label, let selfKey else { return }
        let ad = Self.labelAD(athleteId: athleteId, userId: userId)
        pendingLabel = (
            userId, try AEAD.seal(Array(handle.utf8), ad: ad, key: selfKey, random: random)
        )
        label = handle
    }

    /// Whether a self-sealed grant, a label or a newly seen epoch waits to be stored.
    var hasPendingWrites: Bool {
        pendingSelfSeal != nil || pendingLabel != nil || pendingEpoch != nil
    }

    /// The newest epoch, seen by this user for the first time, to remember in their state.
    private(set) var pendingEpoch: UserState.EpochMark?
    /// Whose state the epoch goes to.
    private var holder: Principal?
    /// The user the keyring was opened for.
    var holderPrincipal: Principal? { holder }

    /// Hands over the newly seen epoch (the caller stores it), clearing it here.
    func takePendingEpoch() -> (athleteId: String, mark: UserState.EpochMark)? {
        defer { pendingEpoch = nil }
        return pendingEpoch.map { (athleteId, $0) }
    }

    /// Refuses an epoch older than the newest this user verified before, or the same epoch
    /// with another key (a rollback or a substituted key), and notes a newer one.
    ///
    /// An epoch seen for the first time (or a grant opened the slow way) is checked in full
    /// from the public rows: the athlete's signed key history up to it, and this user's grant
    /// among those that count at that epoch.
    private func checkEpoch(
        _ db: Database, commitment: [UInt8], principal: Principal, slowPath: Bool
    ) throws {
        holder = principal
        let mark = UserState.EpochMark(epoch: currentEpoch, commitment: commitment)
        let known = principal.knownEpochs[athleteId]
        if slowPath || known != mark {
            let verifier = MembershipVerifier(
                anchor: principal.anchor, book: principal.certificates)
            guard let newest = try verifier.epochs(db, athleteId: athleteId).last,
                newest.epoch == currentEpoch, newest.commitment == commitment,
                try verifier.holders(db, of: newest).contains(principal.userId.rawValue)
            else {
                throw StoreError.tampered("the key history of this athlete")
            }
        }
        guard let known else {
            pendingEpoch = mark
            return
        }
        if currentEpoch < known.epoch
            || (currentEpoch == known.epoch
                && !Sodium.constantTimeEqual(commitment, known.commitment))
        {
            throw StoreError.tampered("the key epochs of this athlete (rolled back or replaced)")
        }
        if currentEpoch > known.epoch { pendingEpoch = mark }
    }

    static func open(_ db: Database, athleteId: String, principal: Principal) throws
        -> AthleteKeyring
    {
        principal.keyringOpenCount.withLock { $0 += 1 }
        let grant = try Row.fetchOne(
            db.cachedStatement(
                sql: GrantsTable.currentOfUser),
            arguments: [athleteId, principal.userId.rawValue, athleteId])
        guard let grant else {
            // The owner holds every athlete: her grant gone, or the athlete's key history
            // gone under it, is tampering, never "no access".
            if try Workspace.ownerMustHold(db, athleteId: athleteId, as: principal) {
                throw StoreError.tampered(TrustError.ownerGrant.what)
            }
            throw StoreError.permissionDenied("no access to this athlete")
        }
        let current: Int = grant["epoch"]
        let commitment = [UInt8](grant["commitment"] as Data)
        let selfAD = KeyCommitment.selfAD(
            athleteId: athleteId, epoch: current, userId: principal.userId.rawValue)
        if let nonce = grant["self_nonce"] as Data?, let sealed = grant["self_sealed"] as Data? {
            // A copy only this user could have made: if it no longer opens or no longer matches the
            // commitment, the grant row or the epoch was rewritten behind their back.
            guard
                let key = try? AEAD.openKey(
                    SealedPayload(nonce: [UInt8](nonce), ciphertext: [UInt8](sealed)),
                    ad: selfAD, key: principal.selfKey),
                KeyCommitment.matches(
                    key, athleteId: athleteId, epoch: current, commitment: commitment)
            else {
                throw StoreError.tampered("the access grant of this athlete")
            }
            let keyring = AthleteKeyring(
                athleteId: athleteId, currentEpoch: current, currentKey: key)
            try keyring.checkEpoch(
                db, commitment: commitment, principal: principal, slowPath: false)
            keyring.opener = principal
            return keyring
        }
        let sealed = [UInt8](grant["sealed"] as Data)
        let signed = GrantStatement.message(
            athleteId: athleteId, epoch: current, userId: principal.userId.rawValue,
            sealed: sealed, commitment: commitment)
        // The granter's key only as certified; a grant by an uncertified or non-staff user is
        // no grant.
        let granter = try principal.certificate(db, grant["granted_by"])
        guard granter.role != .athlete,
            SigningKeyPair.verify(
                [UInt8](grant["signature"] as Data), of: signed, publicKey: granter.signPK)
        else {
            throw StoreError.tampered("the access grant of this athlete")
        }
        let key = try KeyCommitment.openGrant(
            sealed, athleteId: athleteId, epoch: current,
            userId: principal.userId.rawValue, keys: principal.boxKeys)
        guard
            KeyCommitment.matches(key, athleteId: athleteId, epoch: current, commitment: commitment)
        else {
            throw StoreError.tampered("the access grant of this athlete")
        }
        let keyring = AthleteKeyring(athleteId: athleteId, currentEpoch: current, currentKey: key)
        try keyring.checkEpoch(db, commitment: commitment, principal: principal, slowPath: true)
        keyring.pendingSelfSeal = (
            current, principal.userId.rawValue,
            try AEAD.seal(key.exportBytes(), ad: selfAD, key: principal.selfKey)
        )
        keyring.opener = principal
        return keyring
    }

    /// Stores the prepared self-sealed grant copy, if any (inside a write transaction), and
    /// unless `noteEpoch` is false (the caller batches them), the newly seen epoch.
    func storeSelfSeal(_ db: Database, noteEpoch: Bool = true) throws {
        if noteEpoch, let holder, let seen = takePendingEpoch() {
            try UserState.update(db, of: holder) { $0.note([seen]) }
        }
        if let l = pendingLabel {
            try db.execute(
                sql: GrantsTable.setSelfLabel,
                arguments: [Data(l.sealed.nonce + l.sealed.ciphertext), athleteId, l.userId])
            pendingLabel = nil
        }
        guard let p = pendingSelfSeal else { return }
        try db.execute(
            sql: GrantsTable.setSelfSealed,
            arguments: [
                Data(p.sealed.nonce), Data(p.sealed.ciphertext), athleteId, p.epoch, p.userId,
            ])
        pendingSelfSeal = nil
    }

    /// The data key of `epoch`, unwrapping older epochs from newer ones as needed.
    func dataKey(epoch: Int, _ db: Database) throws -> SecretKey {
        if let k = dataKeys[epoch] { return k }
        guard epoch >= 1, epoch < currentEpoch else {
            throw StoreError.tampered("a record's key epoch")
        }
        let newer = try dataKey(epoch: epoch + 1, db)
        guard
            let row = try Row.fetchOne(
                db,
                sql: EpochsTable.wrappedWithCommitment, arguments: [epoch, athleteId, epoch + 1]),
            let nonce = row["prev_nonce"] as Data?, let wrapped = row["prev_wrapped"] as Data?
        else {
            throw StoreError.tampered("the key history of this athlete")
        }
        let wrapKey = try Hashing.deriveSubkey(id: 2, context: "epochwrp", from: newer)
        let old: SecretKey
        do {
            old = try AEAD.openKey(
                SealedPayload(nonce: [UInt8](nonce), ciphertext: [UInt8](wrapped)),
                ad: KeyCommitment.wrapAD(athleteId: athleteId, epoch: epoch + 1), key: wrapKey)
        } catch {
            throw StoreError.tampered("the key history of this athlete")
        }
        guard
            KeyCommitment.matches(
                old, athleteId: athleteId, epoch: epoch,
                commitment: [UInt8](row["commitment"] as Data))
        else {
            throw StoreError.tampered("the key history of this athlete")
        }
        dataKeys[epoch] = old
        return old
    }

    /// The record-encryption subkey of `epoch`.
    func recordKey(epoch: Int, _ db: Database) throws -> SecretKey {
        if let k = recordKeys[epoch] { return k }
        let k = try Hashing.deriveSubkey(
            id: 1, context: "records_", from: try dataKey(epoch: epoch, db))
        recordKeys[epoch] = k
        return k
    }

    /// The snapshot-encryption subkey of `epoch` (separate from the record key by KDF id and context).
    func snapshotKey(epoch: Int, _ db: Database) throws -> SecretKey {
        try Hashing.deriveSubkey(id: 3, context: "snapshot", from: try dataKey(epoch: epoch, db))
    }
}
