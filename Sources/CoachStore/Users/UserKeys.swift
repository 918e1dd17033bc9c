import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

/// The user row's key material, and how the secret half is sealed under the passphrase.
struct UserRow {
    var id: String
    var handle: String
    var role: Role
    var athleteId: String?
    var disabled: Bool
    var boxPK: [UInt8]
    var signPK: [UInt8]
    var kdf: KDFParameters
    var keyNonce: [UInt8]
    var keyCiphertext: [UInt8]
    var indexKeySealed: [UInt8]

    init(row: Row) {
        id = row["id"]; handle = row["handle"]; role = Role(rawValue: row["role"]) ?? .athlete
        athleteId = row["athlete_id"]; disabled = row["disabled"]
        boxPK = [UInt8](row["box_pk"] as Data); signPK = [UInt8](row["sign_pk"] as Data)
        kdf = KDFParameters(
            // A negative value (an edited row) becomes 0, which the KDF check refuses as tampering.
            algorithm: row["kdf_alg"], opsLimit: UInt64(clamping: row["kdf_ops"] as Int64),
            memLimit: UInt64(clamping: row["kdf_mem"] as Int64),
            salt: [UInt8](row["kdf_salt"] as Data))
        keyNonce = [UInt8](row["key_nonce"] as Data);
        keyCiphertext = [UInt8](row["key_ciphertext"] as Data)
        indexKeySealed = [UInt8](row["index_key_sealed"] as Data)
    }

    init(
        id: String, handle: String, role: Role, athleteId: String?, boxPK: [UInt8], signPK: [UInt8],
        kdf: KDFParameters, sealed: SealedPayload, indexKeySealed: [UInt8]
    ) {
        self.id = id; self.handle = handle; self.role = role; self.athleteId = athleteId;
        self.disabled = false
        self.boxPK = boxPK; self.signPK = signPK; self.kdf = kdf
        keyNonce = sealed.nonce; keyCiphertext = sealed.ciphertext;
        self.indexKeySealed = indexKeySealed
    }

    /// Associated data binding the sealed secret keys to this row's identity and parameters.
    func keyAD() -> [UInt8] {
        AssociatedData("coach/1/user").with(
            id, handle, role.rawValue, athleteId ?? "", boxPK, signPK,
            kdf.algorithm, Int64(kdf.opsLimit), Int64(kdf.memLimit), kdf.salt
        ).bytes
    }

    func insert(_ db: Database) throws {
        try db.execute(
            sql: UsersTable.insert,
            arguments: [
                id, handle, role.rawValue, athleteId, Data(boxPK), Data(signPK), kdf.algorithm,
                Int64(kdf.opsLimit), Int64(kdf.memLimit), Data(kdf.salt), Data(keyNonce),
                Data(keyCiphertext), Data(indexKeySealed),
            ])
    }

    static func fetch(_ db: Database, handle: String) throws -> UserRow? {
        try Row.fetchOne(db, sql: UsersTable.byHandle, arguments: [handle]).map(
            UserRow.init)
    }

    static func fetch(_ db: Database, id: String) throws -> UserRow? {
        try Row.fetchOne(db, sql: UsersTable.byId, arguments: [id]).map(
            UserRow.init)
    }

    /// Splits the 96-byte secret blob (X25519 secret ‖ Ed25519 secret) into key pairs.
    func keyPairs(from secret: SecretKey) throws -> (BoxKeyPair, SigningKeyPair) {
        guard secret.count == BoxKeyPair.secretBytes + SigningKeyPair.secretBytes else {
            throw StoreError.tampered("the keys of user '\(handle)'")
        }
        let box = try secret.slice(0..<BoxKeyPair.secretBytes)
        let sign = try secret.slice(BoxKeyPair.secretBytes..<secret.count)
        return (
            BoxKeyPair(publicKey: boxPK, secretKey: box),
            SigningKeyPair(publicKey: signPK, secretKey: sign)
        )
    }

    /// Builds the principal once the secret keys are open.
    ///
    /// Opens the user's sealed state for the trust anchor (and, for a session, checks it is
    /// the one the session pinned), then takes role, athlete and status from the certificate
    /// verified against that anchor: never from the row's plaintext columns.
    ///
    /// - Throws: `StoreError.tampered` when the state or certificate fails to verify or the
    ///   row's Argon2id work is below the certified floor; `userDisabled` for a disabled user.
    /// With `kept` marks (read before this read began), the file is checked against them
    /// first: a rollback is tampering (`checkMarks`).
    func principal(
        secret: SecretKey, _ db: Database, sessionAnchor: TrustAnchor? = nil,
        kept: KeptMarks? = nil
    ) throws -> Principal {
        let (box, sign) = try keyPairs(from: secret)
        let stateKey = try UserState.key(box: box)
        let state = try UserState.load(db, userId: id, handle: handle, key: stateKey)
        if let sessionAnchor, sessionAnchor != state.anchor {
            throw StoreError.tampered("the session of user '\(handle)'")
        }
        try Workspace.checkAuditMark(db, state: state, handle: handle)
        let selfKey = try Hashing.deriveSubkey(id: 3, context: "selfgrnt", from: box.secretKey)
        let checked = try kept.map {
            try checkMarks($0, db, state: state, stateKey: stateKey, selfKey: selfKey)
        }
        let known = checked?.0 ?? state
        let book = CertificateBook()
        book.setFloors(known.certificates)
        let cert = try book.certificate(db, userId: id, anchor: state.anchor)
        guard Int64(kdf.opsLimit) >= cert.kdfFloorOps, Int64(kdf.memLimit) >= cert.kdfFloorMem
        else {
            throw StoreError.tampered("the password-hashing parameters of user '\(handle)'")
        }
        guard !cert.disabled else { throw StoreError.userDisabled(handle) }
        guard !cert.pending else { throw StoreError.enrolmentPending(handle) }
        let index: SecretKey
        do { index = try SealedBox.open(indexKeySealed, with: box) } catch {
            throw StoreError.tampered("the workspace index key of user '\(handle)'")
        }
        return Principal(
            userId: UserID(id), handle: Handle(handle), role: cert.role,
            athleteId: cert.athleteId.map(AthleteID.init), boxKeys: box,
            signKeys: sign, indexKey: index,
            selfKey: selfKey, anchor: state.anchor, stateKey: stateKey, knownEpochs: known.epochs,
            certificates: book, marks: checked?.1)
    }

    /// The first certificate of this (new) user, signed by `signer`.
    /// With `pending`, the keys are sealed under a one-time enrolment code, not a passphrase.
    func firstCertificate(
        createdBy: String, signer: SigningKeyPair, signerId: String, workspaceId: String,
        pending: Bool = false
    ) -> UserCertificate {
        var cert = UserCertificate(
            userId: id, handle: handle, role: role, athleteId: athleteId, boxPK: boxPK,
            signPK: signPK, disabled: false, kdfFloorOps: Int64(kdf.opsLimit),
            kdfFloorMem: Int64(kdf.memLimit), version: 1, createdBy: createdBy,
            signerId: signerId, pending: pending)
        cert.sign(by: signer, workspaceId: workspaceId)
        return cert
    }
}

/// A user just made: the row to insert and their key pairs (to sign and seal their first state).
struct NewUser {
    let row: UserRow
    let box: BoxKeyPair
    let sign: SigningKeyPair

    /// Stores the new user's sealed state, pinning `anchor`.
    func storeState(_ db: Database, anchor: TrustAnchor, random: RandomSource) throws {
        try UserState(anchor: anchor).store(
            db, userId: row.id, key: try UserState.key(box: box), random: random)
    }
}

/// Freshly generated keys for a new user, sealed under their passphrase.
enum UserFactory {
    static func make(
        handle: String, role: Role, athleteId: String?, passphrase: SecretKey,
        preset: KDFParameters.Preset, indexKey: SecretKey, random: RandomSource, id: String
    ) throws -> NewUser {
        try Handle.validate(handle)
        guard passphrase.count >= 8 else { throw StoreError.weakPassphrase }
        let box = try BoxKeyPair.generate(random: random)
        let sign = try SigningKeyPair.generate(random: random)
        let kdf = KDFParameters.new(preset, random: random)
        var row = UserRow(
            id: id, handle: handle, role: role, athleteId: athleteId, boxPK: box.publicKey,
            signPK: sign.publicKey, kdf: kdf, sealed: SealedPayload(nonce: [], ciphertext: []),
            indexKeySealed: try SealedBox.seal(indexKey.exportBytes(), to: box.publicKey))
        try row.seal(box: box, sign: sign, passphrase: passphrase, random: random)
        return NewUser(row: row, box: box, sign: sign)
    }
}

extension UserRow {
    /// Seals the user's secret keys under `passphrase` with the row's KDF parameters.
    mutating func seal(
        box: BoxKeyPair, sign: SigningKeyPair, passphrase: SecretKey, random: RandomSource
    ) throws {
        let kek = try kdf.deriveKey(passphrase: passphrase)
        var secret = box.secretKey.exportBytes() + sign.secretKey.exportBytes()
        defer { Sodium.wipe(&secret) }
        let sealed = try AEAD.seal(secret, ad: keyAD(), key: kek, random: random)
        keyNonce = sealed.nonce
        keyCiphertext = sealed.ciphertext
    }

    /// Opens the secret keys with `passphrase`; any failure is the same authentication error.
    func open(passphrase: SecretKey) throws -> SecretKey {
        let kek: SecretKey
        do { kek = try kdf.deriveKey(passphrase: passphrase) } catch let e as CryptoError {
            if case .unsafeKDFParameters = e {
                throw StoreError.tampered("the password-hashing parameters of user '\(handle)'")
            }
            throw StoreError.authenticationFailed
        }
        do {
            return try AEAD.openKey(
                SealedPayload(nonce: keyNonce, ciphertext: keyCiphertext), ad: keyAD(), key: kek)
        } catch {
            throw StoreError.authenticationFailed
        }
    }
}
