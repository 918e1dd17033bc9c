import CoachCodec
import CoachCrypto
import CoachKit
import Foundation
import GRDB

/// The providers' carried state of each athlete (see `CarriedState`), sealed under the athlete's
/// key: one row per athlete, as of the last day of a recent month.
///
/// The associated data binds the athlete id, the epoch, the state's day and a digest of the
/// snapshot chunks of every month up to that day (`SnapshotManifest.prefixDigest`). A write into
/// those months (a back-dated log, an edit or removal of an old record, a profile change with its
/// thresholds and goals, an import) drops the row in the same transaction, so a row that no
/// longer opens can only have been swapped between athletes, rolled back, truncated or edited:
/// that is reported as tampering and the state is never used.
extension Workspace {
    static let carriedMagic: [UInt8] = Array("coach-carried/1".utf8)

    static func carriedAD(athleteId: String, epoch: Int, asOf: Int, prefix: [UInt8]) -> [UInt8] {
        AssociatedData("coach/1/carried").with(athleteId, epoch, asOf, prefix).bytes
    }

    static var carriedDamaged: StoreError {
        .tampered("the carried state of an athlete", remedy: .repairSnapshots)
    }

    /// The athlete's carried state, or nil when there is none or it was carried by providers of
    /// another `tag` (other versions: it is carried again).
    ///
    /// - Throws: `StoreError.tampered` when the row does not open or decode.
    func openCarried(
        _ db: Database, keyring: AthleteKeyring, manifest: SnapshotManifest, tag: String
    ) throws -> CarriedState? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: CarriedStatesTable.ofAthlete), arguments: [keyring.athleteId])
        else { return nil }
        let asOf: Int = row["as_of"], epoch: Int = row["epoch"]
        guard epoch <= keyring.currentEpoch else { throw Self.carriedDamaged }
        let prefix = manifest.prefixDigest(through: SnapshotPeriod.of(LocalDay(ordinal: asOf)))
        let plain: [UInt8]
        do {
            plain = try AEAD.open(
                SealedPayload(
                    nonce: [UInt8](row["nonce"] as Data),
                    ciphertext: [UInt8](row["ciphertext"] as Data)),
                ad: Self.carriedAD(
                    athleteId: keyring.athleteId, epoch: epoch, asOf: asOf, prefix: prefix),
                key: try keyring.carriedKey(epoch: epoch, db))
        } catch {
            throw Self.carriedDamaged
        }
        do {
            var r = CompactReader(plain)
            guard try r.raw() == Self.carriedMagic else { return nil }
            let stateTag = try r.string()
            guard try r.int() == asOf else { throw CompactReader.Malformed() }
            var state = CarriedState(asOf: LocalDay(ordinal: asOf))
            let entries = try r.array { r -> (String, [UInt8]) in (try r.string(), try r.raw()) }
            for (id, bytes) in entries { state.states[id] = bytes }
            guard r.isAtEnd else { throw CompactReader.Malformed() }
            return stateTag == tag ? state : nil
        } catch {
            throw Self.carriedDamaged
        }
    }

    /// Seals `state` as the athlete's carried state, bound to the chunks up to its day.
    func saveCarried(
        _ db: Database, keyring: AthleteKeyring, manifest: SnapshotManifest,
        _ state: CarriedState, tag: String
    ) throws {
        var w = CompactWriter()
        w.raw(Self.carriedMagic)
        w.string(tag)
        w.int(state.asOf.ordinal)
        w.array(state.states.sorted { $0.key < $1.key }) { w, e in
            w.string(e.key)
            w.raw(e.value)
        }
        let epoch = keyring.currentEpoch
        let prefix = manifest.prefixDigest(through: SnapshotPeriod.of(state.asOf))
        let sealed = try AEAD.seal(
            w.bytes,
            ad: Self.carriedAD(
                athleteId: keyring.athleteId, epoch: epoch, asOf: state.asOf.ordinal,
                prefix: prefix),
            key: try keyring.carriedKey(epoch: epoch, db), random: random)
        try db.execute(
            sql: CarriedStatesTable.upsert,
            arguments: [
                keyring.athleteId, state.asOf.ordinal, epoch, Data(sealed.nonce),
                Data(sealed.ciphertext),
            ])
    }

    func dropCarried(_ db: Database, athleteId: String) throws {
        try db.execute(
            sql: CarriedStatesTable.delete, arguments: [athleteId])
    }

    /// Drops the athlete's carried state when it summarises `fromPeriod` or a later period
    /// (nil: nothing changed).
    func invalidateCarried(_ db: Database, athleteId: String, fromPeriod: Int?) throws {
        guard let fromPeriod,
            let asOf = try Int.fetchOne(
                db.cachedStatement(sql: CarriedStatesTable.asOfAthlete),
                arguments: [athleteId]),
            fromPeriod <= SnapshotPeriod.of(LocalDay(ordinal: asOf))
        else { return }
        try dropCarried(db, athleteId: athleteId)
    }
}

extension AthleteKeyring {
    /// The carried-state subkey of `epoch` (separate from the record and snapshot keys).
    func carriedKey(epoch: Int, _ db: Database) throws -> SecretKey {
        try Hashing.deriveSubkey(id: 4, context: "carried_", from: try dataKey(epoch: epoch, db))
    }
}
