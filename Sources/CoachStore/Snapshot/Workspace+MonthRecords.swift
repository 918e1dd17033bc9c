import CoachCodec
import CoachKit
import GRDB

extension Workspace {
    /// The athlete's profile and at least the records whose record day falls in the calendar
    /// months from `from` through `through`, read from the snapshot's chunks of those months.
    ///
    /// Costs the same whatever the length of the history (a log command looking at the day it
    /// writes to). Without a snapshot (an older workspace, or after a repair) it reads the whole
    /// dataset, which writes the snapshot for next time. Callers filter by day.
    ///
    /// - Parameters:
    ///   - athlete: the athlete, opened earlier in the command.
    ///   - from: a day of the first month read.
    ///   - through: a day of the last month read.
    /// - Returns: the dataset holding the profile and those months' records (or all records).
    /// - Throws: `StoreError.tampered` when a chunk or the manifest does not open or match.
    public func records(of athlete: AthleteAccess, monthsFrom from: LocalDay, through: LocalDay)
        throws -> AthleteDataset
    {
        let keyring = athlete.keyring
        let months = try read { db -> AthleteDataset? in
            guard let manifest = try openManifest(db, keyring: keyring) else { return nil }
            return try openChunks(
                db, keyring: keyring, manifest: manifest, fromPeriod: SnapshotPeriod.of(from),
                throughPeriod: SnapshotPeriod.of(through))
        }
        return try months ?? dataset(of: athlete)
    }
}
