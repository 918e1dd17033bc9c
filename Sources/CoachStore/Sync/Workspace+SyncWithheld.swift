import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Refuses a pull that reached the served head with a redacted change still waiting for
    /// its justification (`sync_withheld`): the server dropped a body no later change of its
    /// object at a higher epoch supersedes, so it withheld a record this replica needs. The
    /// change was applied header only: no record body was written from it. Run at the end of
    /// every pull, so every later sync refuses it too while it waits.
    ///
    /// - Parameter actor: the signed-in user, whose roster verifies the changes' devices.
    /// - Throws: `SyncFailure.streamBroken` naming the first waiting change, its record,
    ///   athlete and device (exit 74); `StoreError.tampered` for a row that is not the
    ///   redacted change it names, or rows that are not those the audit log signed.
    public func checkWithheld(as actor: Principal) throws {
        try read { db in
            try checkWithheldAudited(db)
            guard let row = try Row.fetchOne(db, sql: SyncWithheldTables.all) else { return }
            let athlete: String = row["athlete_id"]
            let sseq: Int64 = row["sseq"]
            let object: String = row["object"]
            let change = try verifiedWithheld(db, row, as: actor)
            throw SyncFailure.streamBroken(
                stream: athlete,
                reason:
                    "the server withheld the body of change \(sseq) (record \(object) of "
                    + "athlete \(athlete), signed by device \(change.device)) with no later "
                    + "re-seal")
        }
    }

    /// The redacted change a `sync_withheld` row keeps, when it is the one its columns name
    /// and its device signed it.
    ///
    /// - Throws: `StoreError.tampered` naming the row's record otherwise.
    func verifiedWithheld(_ db: Database, _ row: Row, as actor: Principal) throws
        -> ChangeEnvelope
    {
        let object: String = row["object"]
        let athlete: String = row["athlete_id"]
        let what = "the withheld change of record \(object) in this workspace file"
        guard let change = try? ChangeEnvelope.decode([UInt8](row["envelope"] as Data)),
            change.isRedacted, change.object == object,
            change.stream == .athlete(AthleteID(athlete)),
            change.epoch == row["epoch"] as Int64,
            change.device.rawValue == row["device_id"] as String,
            change.sequence == row["sequence"] as Int64,
            let device = try verifiedDevice(db, change.device, as: actor)
        else { throw StoreError.tampered(what) }
        do {
            try ChangeVerifier.verifySignature(
                change, device: device, workspaceId: try workspaceId(db), allowRevoked: true)
        } catch is ChangeRejection {
            throw StoreError.tampered(what)
        }
        return change
    }

    /// The audit action that signs an athlete's waiting redacted changes: its target is their
    /// count, its target hash a digest of them (`withheldDigest`).
    static let withheldAction = "sync.withheld"

    /// Appends the audit entry of an athlete's waiting redacted changes as they now stand, in
    /// the transaction that changed them: the entry is signed and chained, and the user's marks
    /// outside the file hold the newest entry, so rows deleted from `sync_withheld` no longer
    /// match it.
    ///
    /// - Parameters:
    ///   - db: the open write transaction.
    ///   - athleteId: the athlete whose waiting changes moved.
    ///   - actor: the signed-in user, who signs the entry.
    func auditWithheld(_ db: Database, athleteId: String, actor: Principal) throws {
        let (count, bytes) = try withheldDigest(db, athleteId: athleteId)
        try appendAudit(
            db, actor: actor, action: Self.withheldAction, athleteId: athleteId,
            target: "\(count)", targetCiphertext: bytes)
    }

    /// An athlete's waiting redacted changes: how many, and the bytes the audit entry hashes
    /// (each one's stream sequence and change as the row holds them).
    func withheldDigest(_ db: Database, athleteId: String) throws -> (Int, [UInt8]) {
        var bytes: [UInt8] = []
        var count = 0
        for row in try Row.fetchAll(db, sql: SyncWithheldTables.ofAthlete, arguments: [athleteId]) {
            let sseq: Int64 = row["sseq"]
            bytes += withUnsafeBytes(of: sseq.bigEndian) { Array($0) }
            bytes += Hashing.blake2b([UInt8](row["envelope"] as Data))
            count += 1
        }
        return (count, bytes)
    }

    /// Checks the waiting redacted changes against their newest audit entries: the audit log
    /// has no gap, every athlete with a waiting change has an entry, and each entry's digest
    /// is that of the rows held now.
    ///
    /// - Throws: `StoreError.tampered` naming the athlete otherwise.
    func checkWithheldAudited(_ db: Database) throws {
        // Entries are numbered from 1 and never deleted: a gap is an entry an insider removed
        // (one removed from the end is the user's audit mark's to catch, at sign-in).
        if let row = try Row.fetchOne(db, sql: SyncWithheldTables.auditSpan),
            row[0] as Int64 != row[1] as Int64
        {
            throw StoreError.tampered("the audit log of this workspace file (an entry removed)")
        }
        var audited: Set<String> = []
        for row in try Row.fetchAll(
            db, sql: SyncWithheldTables.audited, arguments: [Self.withheldAction])
        {
            let athlete: String = row["athlete_id"]
            let (count, bytes) = try withheldDigest(db, athleteId: athlete)
            guard row["target_id"] as String? == "\(count)",
                (row["target_hash"] as Data?).map({ [UInt8]($0) }) == Hashing.blake2b(bytes)
            else {
                throw StoreError.tampered(
                    "the withheld changes of athlete \(athlete) in this workspace file")
            }
            audited.insert(athlete)
        }
        for athlete in try String.fetchAll(db, sql: SyncWithheldTables.athletes)
        where !audited.contains(athlete) {
            throw StoreError.tampered(
                "the withheld changes of athlete \(athlete) in this workspace file")
        }
    }
}
