import CoachCodec
import CoachKit
import GRDB

extension Workspace {
    /// Compares each snapshot the actor can open with its records, and checks that its carried
    /// state (if any) opens; with `repair`, rebuilds the ones that are missing, damaged or
    /// different (which drops the carried state; the next view carries it again).
    ///
    /// - Returns: the `snapshots` line of `coach doctor`.
    public func checkSnapshots(as actor: Principal, repair: Bool) throws -> DoctorCheck {
        let ids = try read { db in
            try heldIds(db, as: actor)
        }
        var stale = 0, rebuilt = 0
        for id in ids {
            let matches =
                (try? read { db -> Bool in
                    let keyring = try AthleteKeyring.open(db, athleteId: id, principal: actor)
                    guard let manifest = try? openManifest(db, keyring: keyring),
                        let snapshot = try? openChunks(db, keyring: keyring, manifest: manifest),
                        carriedOpens(db, keyring: keyring, manifest: manifest)
                    else {
                        return false
                    }
                    return snapshot == (try datasetFromRecords(db, keyring: keyring))
                }) ?? false
            guard !matches else { continue }
            stale += 1
            if repair {
                _ = try write { db in
                    try rebuildSnapshot(
                        db, keyring: try AthleteKeyring.open(db, athleteId: id, principal: actor))
                }
                rebuilt += 1
            }
        }
        let ok = stale == rebuilt
        let detail =
            stale == 0
            ? "\(ids.count) athlete snapshots match their records"
            : repair
                ? "rebuilt \(rebuilt) of \(ids.count) athlete snapshots from their records"
                : "\(stale) of \(ids.count) athlete snapshots are missing or differ from their records"
        return DoctorCheck(
            name: "snapshots", ok: ok, detail: detail,
            remedy: ok || repair ? nil : .repairSnapshots)
    }

    /// Whether the athlete's carried state, if any, opens against the snapshot.
    private func carriedOpens(
        _ db: Database, keyring: AthleteKeyring, manifest: SnapshotManifest
    ) -> Bool {
        do {
            _ = try openCarried(db, keyring: keyring, manifest: manifest, tag: "")
            return true
        } catch {
            return false
        }
    }
}
