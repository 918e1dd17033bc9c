import CoachCodec
import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// What a view of `athlete` needs to evaluate the days from `firstDay` on: the states
    /// carried as of the end of a recent month and the chunks of the window after it.
    ///
    /// The state is brought up to date first when it is missing, older than the month the view
    /// needs, or carried by other provider versions: forward from the stored state over the
    /// months since (or from the whole history, once), and stored in the same transaction. A
    /// view of a day before the stored state's (an old date) reads the whole history and leaves
    /// the state alone, as does a workspace that cannot be written.
    ///
    /// - Throws: `StoreError.tampered` when a chunk, the manifest or the carried state does
    ///   not open or match (never read around).
    public func window(of athlete: AthleteAccess, from firstDay: LocalDay, plan: CarryPlan)
        throws -> AthleteWindow
    {
        let keyring = athlete.keyring
        let target = CarryPlan.stateDay(forFirstDay: firstDay)
        let fresh = try read { db -> AthleteWindow?? in
            guard let manifest = try openManifest(db, keyring: keyring) else { return nil }
            let state = try openCarried(db, keyring: keyring, manifest: manifest, tag: plan.tag)
            if let state, state.asOf == target {
                return try windowed(db, keyring, manifest, state, firstDay: firstDay, plan: plan)
            }
            if let state, state.asOf > target {
                return .some(
                    AthleteWindow(
                        dataset: try openChunks(db, keyring: keyring, manifest: manifest),
                        carried: nil))
            }
            return .some(nil)
        }
        if case .some(.some(let window)) = fresh { return window }
        do {
            return try write { db -> AthleteWindow in
                // No snapshot yet (an older workspace, or after a repair): build it, then carry,
                // so the view reads the same way whichever path it took.
                if try openManifest(db, keyring: keyring) == nil {
                    try rebuildSnapshot(db, keyring: keyring)
                }
                guard let manifest = try openManifest(db, keyring: keyring) else {
                    throw Self.snapshotDamaged
                }
                let old = try openCarried(db, keyring: keyring, manifest: manifest, tag: plan.tag)
                if let old, old.asOf > target {
                    return AthleteWindow(
                        dataset: try openChunks(db, keyring: keyring, manifest: manifest),
                        carried: nil)
                }
                let state: CarriedState
                if let old, old.asOf == target {
                    state = old
                } else if let old {
                    let start = plan.windowStart(old.asOf, target)
                    let records = try openChunks(
                        db, keyring: keyring, manifest: manifest,
                        fromPeriod: Self.firstPeriod(start))
                    state = try plan.carry(records, target, old)
                } else {
                    let all = try openChunks(db, keyring: keyring, manifest: manifest)
                    state = try plan.carry(all, target, nil)
                }
                try saveCarried(db, keyring: keyring, manifest: manifest, state, tag: plan.tag)
                return try windowed(db, keyring, manifest, state, firstDay: firstDay, plan: plan)
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            return AthleteWindow(dataset: try dataset(of: athlete), carried: nil)
        }
    }

    /// The chunks of the window after `state` for a view from `firstDay`.
    func windowed(
        _ db: Database, _ keyring: AthleteKeyring, _ manifest: SnapshotManifest,
        _ state: CarriedState, firstDay: LocalDay, plan: CarryPlan
    ) throws -> AthleteWindow {
        let start = plan.windowStart(state.asOf, firstDay)
        return AthleteWindow(
            dataset: try openChunks(
                db, keyring: keyring, manifest: manifest, fromPeriod: Self.firstPeriod(start)),
            carried: state)
    }

    /// The first chunk period to read for records from `day` on: a record's chunk is its
    /// record day's month, which can lie a day off the local day a provider computes (sleep by
    /// its end, a changed time zone), so two days of margin.
    static func firstPeriod(_ day: LocalDay) -> Int { SnapshotPeriod.of(day.adding(days: -2)) }
}
