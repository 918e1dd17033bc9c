import CoachCodec
import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// Calls `body` with the whole dataset of every athlete the actor holds, one at a time.
    ///
    /// The snapshots are read in one read transaction, so the roster is one consistent moment
    /// and only one athlete's data is decoded in memory at a time. An athlete without a snapshot
    /// yet (a workspace from before snapshots) takes the slow path once, which also writes its
    /// snapshot. Athletes whose grant the actor lost
    /// (revoked) are skipped; a tampered grant stops the walk with an error naming the athlete. The order is unspecified.
    ///
    /// - Parameter body: receives the athlete id and dataset; its errors stop the walk.
    public func forEachDataset(
        as actor: Principal, _ body: (AthleteID, AthleteDataset) throws -> Void
    ) throws {
        var opened: [AthleteKeyring] = []
        var missing: [String] = []
        try read { db in
            for id in try heldIds(db, as: actor) {
                let keyring: AthleteKeyring
                do {
                    keyring = try AthleteKeyring.openLabelled(db, athleteId: id, principal: actor)
                } catch StoreError.permissionDenied {
                    continue  // a grant of an older epoch: this user was revoked from the athlete
                }
                opened.append(keyring)
                if let dataset = try loadSnapshot(db, keyring: keyring) {
                    try keyring.noteHandle(dataset.athlete.handle, random: random)
                    try body(AthleteID(id), dataset)
                } else {
                    missing.append(id)
                }
            }
        }
        try storeSelfSeals(opened)
        for id in missing {
            try body(AthleteID(id), try exportDataset(athleteId: AthleteID(id), as: actor))
        }
    }
}

extension Workspace {
    /// Calls `body` with what a view of each athlete the actor holds needs (see
    /// `window(of:from:plan:)`), spreading the athletes over `parallelism` threads.
    ///
    /// The athletes whose carried state is current are read in one read transaction per thread
    /// (each athlete's window is one consistent moment; two athletes may be read either side
    /// of a concurrent write); the others (a new month, a back-dated write, a workspace from
    /// before carried states) are brought up to date afterwards, each in its own write.
    /// Athletes whose grant the actor lost are skipped; a tampered grant, chunk or carried
    /// state stops the walk with an error.
    ///
    /// - Parameters:
    ///   - parallelism: threads decrypting at once (default: the number of cores).
    ///   - firstDay: the first day the view evaluates for an athlete with this profile.
    ///   - body: receives the athlete id and window, on any of the threads, in no set order;
    ///     its errors stop the walk.
    public func forEachWindow(
        as actor: Principal, plan: CarryPlan,
        parallelism: Int = ProcessInfo.processInfo.activeProcessorCount,
        firstDay: @Sendable (AthleteProfile) throws -> LocalDay,
        _ body: @Sendable (AthleteID, AthleteWindow) throws -> Void
    ) throws {
        let ids = try read { db in try heldIds(db, as: actor) }
        // A few athletes are not worth another connection and thread.
        let parts = max(1, min(parallelism, ids.count / 8))
        let walked = try ParallelMap.map(parts) { part in
            try windows(
                of: stride(from: part, to: ids.count, by: parts).map { ids[$0] }, as: actor,
                plan: plan, firstDay: firstDay, body)
        }
        try storeSelfSeals(walked.flatMap(\.opened))
        for (id, known) in walked.flatMap(\.later) {
            let athlete = try openAthlete(id: AthleteID(id), as: actor)
            let day = known.ordinal == 0 ? try firstDay(athlete.profile) : known
            try body(AthleteID(id), try window(of: athlete, from: day, plan: plan))
        }
    }

    /// One thread's share of `forEachWindow`, in one read transaction.
    ///
    /// - Returns: the keyrings opened (whose pending writes the caller stores) and the athletes
    ///   whose state must be brought up to date first, with their first day when known.
    private func windows(
        of ids: [String], as actor: Principal, plan: CarryPlan,
        firstDay: (AthleteProfile) throws -> LocalDay,
        _ body: (AthleteID, AthleteWindow) throws -> Void
    ) throws -> (opened: [AthleteKeyring], later: [(String, LocalDay)]) {
        var opened: [AthleteKeyring] = []
        var later: [(String, LocalDay)] = []
        try read { db in
            for id in ids {
                let keyring: AthleteKeyring
                do {
                    keyring = try AthleteKeyring.openLabelled(db, athleteId: id, principal: actor)
                } catch StoreError.permissionDenied {
                    continue  // a grant of an older epoch: this user was revoked from the athlete
                }
                opened.append(keyring)
                guard let manifest = try openManifest(db, keyring: keyring) else {
                    later.append((id, LocalDay(ordinal: 0)))
                    continue
                }
                let profile = manifest.profile
                try keyring.noteHandle(profile.handle, random: random)
                let day = try firstDay(profile)
                let state = try openCarried(
                    db, keyring: keyring, manifest: manifest, tag: plan.tag)
                guard let state, state.asOf == CarryPlan.stateDay(forFirstDay: day) else {
                    later.append((id, day))
                    continue
                }
                try body(
                    AthleteID(id),
                    try windowed(db, keyring, manifest, state, firstDay: day, plan: plan))
            }
        }
        return (opened, later)
    }
}
