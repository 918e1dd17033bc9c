import CoachCodec
import CoachKit
import GRDB

extension Workspace {
    /// Compares each snapshot the actor can open with its records, and checks that its carried
    /// state (if any) opens; with `repair`, rebuilds the ones that are missing, damaged or
    /// different (which drops the carried state; the next view carries it again).
    ///
    /// A snapshot that is absent altogether is not a finding: every device import drops it (and
    /// an import killed half way leaves it dropped) until the next read builds it again from the
    /// records, which are sealed one by one. One that is present but does not open, is
    /// incomplete or differs from the records is.
    ///
    /// - Returns: the `snapshots` line of `coach doctor`.
    public func checkSnapshots(as actor: Principal, repair: Bool) throws -> DoctorCheck {
        let ids = try read { db in
            try heldIds(db, as: actor)
        }
        var stale = 0, rebuilt = 0, unbuilt = 0
        for id in ids {
            // Absent: no section and no chunk left, and the records still open one by one.
            let absent =
                (try? read { db -> Bool in
                    let left = try Int.fetchOne(
                        db,
                        sql: "SELECT (SELECT COUNT(*) FROM snapshots WHERE athlete_id = ?)"
                            + " + (SELECT COUNT(*) FROM snapshot_chunks WHERE athlete_id = ?)",
                        arguments: [id, id])
                    guard left == 0 else { return false }
                    let keyring = try AthleteKeyring.open(db, athleteId: id, principal: actor)
                    _ = try datasetFromRecords(db, keyring: keyring)
                    return true
                }) ?? false
            if absent && !repair {
                unbuilt += 1
                continue
            }
            let matches =
                !absent
                && (try? read { db -> Bool in
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
        let built = ids.count - unbuilt
        let pending = unbuilt == 0 ? "" : "; \(unbuilt) not built yet (the next read builds it)"
        let detail =
            stale == 0
            ? "\(built) athlete snapshots match their records\(pending)"
            : repair
                ? "rebuilt \(rebuilt) of \(ids.count) athlete snapshots from their records"
                : "\(stale) of \(ids.count) athlete snapshots are damaged, incomplete or"
                    + " differ from their records"
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
