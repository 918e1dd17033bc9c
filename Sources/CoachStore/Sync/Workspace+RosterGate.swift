import CoachCrypto
import CoachKit
import CoachSync
import Foundation
import GRDB

extension Workspace {
    /// Makes every membership change of this command go through `gate` before it commits;
    /// once per command, when the workspace syncs and its server is known.
    public func useRosterGate(_ gate: RosterGate) {
        rosterGate.withLock { $0 = gate }
    }

    /// Inside a write that changed a membership row: in a synced workspace, the change is
    /// final only once the server's roster took it. The entries the replica holds and the
    /// server does not are pushed on the server's head; when the head moved meanwhile the
    /// roster is read again and the entries re-checked, up to three times.
    ///
    /// - Throws: `SyncFailure.membershipOffline` without a reachable server,
    ///   `.membershipRefused` when the server refuses or its roster keeps moving,
    ///   `.rotationBehindStream` when a rotation's stream moved on; the transaction then
    ///   rolls back.
    func confirmMembership(_ db: Database) throws {
        guard !applyingRoster.withLock({ $0 }),
            let state = try Row.fetchOne(db, sql: SyncTables.state)
        else { return }
        guard let gate = rosterGate.withLock({ $0 }) else {
            throw SyncFailure.membershipOffline(server: state["server_url"])
        }
        for _ in 1...3 {
            let server = try gate.fetch()
            try requireExtendsMark(db, server.entries)
            let index = RosterIndex(server.entries)
            try requireCurrent(db, with: index)
            try requireKeyRows(db, with: index)
            let entries = try rosterChanges(db, on: index, as: gate.actor)
            guard !entries.isEmpty else { return }
            switch try gate.push(entries, server.head) {
            case .accepted: return
            case .headMoved: continue
            case .streamMoved(let reason):
                throw SyncFailure.rotationBehindStream(reason: reason)
            }
        }
        throw SyncFailure.membershipRefused(
            reason: "the roster kept moving under it on three tries")
    }

    /// Notes, inside a write, that it removes an athlete or a plugin on purpose.
    func noteRosterRemoval(_ intent: RosterRemovalIntent) {
        pendingRemovals.withLock { _ = $0.insert(intent) }
    }

    /// Refuses a change made on a replica the server's roster is ahead of: a newer key of an
    /// athlete, a newer certificate, an athlete or a plugin the replica has not pulled.
    private func requireCurrent(_ db: Database, with server: RosterIndex) throws {
        let removing = pendingRemovals.withLock { $0 }
        let athletes = Set(try DatabaseRows(db: db).athleteIds())
        for athlete in server.athletes
        where server.isLive(athlete) && !athletes.contains(athlete.rawValue)
            && !removing.contains(.athlete(athlete))
        {
            throw SyncFailure.membershipRefused(
                reason: "the server holds athlete \(athlete), whom this replica has not pulled")
        }
        let plugins = Set(try String.fetchAll(db, sql: "SELECT id FROM plugins"))
        for (id, record) in server.plugins
        where !record.isEmpty && !plugins.contains(id) && !removing.contains(.plugin(id)) {
            throw SyncFailure.membershipRefused(
                reason: "the server holds plugin \(id), which this replica has not pulled")
        }
        let epochs = try Row.fetchAll(
            db, sql: "SELECT athlete_id, MAX(epoch) AS epoch FROM epochs GROUP BY athlete_id")
        for row in epochs {
            let athlete = AthleteID(row["athlete_id"])
            if server.isLive(athlete), server.epochs[athlete] ?? 0 > row["epoch"] {
                throw SyncFailure.membershipRefused(
                    reason: "the server holds a newer key of athlete \(athlete) than this replica")
            }
        }
        for row in try Row.fetchAll(db, sql: CertificatesTable.versions) {
            let user = UserID(row["user_id"])
            if server.users[user] ?? 0 > row["version"] {
                throw SyncFailure.membershipRefused(
                    reason: "the server holds a newer certificate of user \(user) than this replica"
                )
            }
        }
    }

    /// The entries the replica's membership rows make that the server's roster (`server`)
    /// lacks, in an order the server can apply: users (each after their signer), then per
    /// athlete its entry, new epochs and changed grants; removals of the athletes this write
    /// removes; plugin records that differ, and those this write removes. Devices are not
    /// compared (they have their own path).
    func rosterChanges(_ db: Database, on server: RosterIndex, as actor: Principal) throws
        -> [RosterEntry]
    {
        let rows = DatabaseRows(db: db)
        let ws = try workspaceId(db)
        var out: [RosterEntry] = try userEntries(db, rows).filter {
            guard case .user(let user) = $0 else { return false }
            return server.users[user.userId] ?? 0 < user.version
        }
        let local = try rows.athleteIds()
        for id in local {
            let athlete = AthleteID(id)
            if server.removed.contains(athlete) { continue }
            if !server.athletes.contains(athlete) {
                let tag = try Data.fetchOne(
                    db, sql: "SELECT handle_tag FROM athletes WHERE id = ?", arguments: [id])
                out.append(
                    .athlete(RosterAthlete(athleteId: athlete, handleTag: [UInt8](tag ?? Data()))))
            }
            for epoch in try rows.epochs(ofAthlete: id) {
                if epoch.epoch > server.epochs[athlete] ?? 0 {
                    out.append(
                        try epochEntry(db, athlete: athlete, row: epoch, as: actor, workspaceId: ws)
                    )
                }
                for grant in try rows.grants(ofAthlete: id, epoch: epoch.epoch) {
                    let key = RosterIndex.GrantKey(athlete, epoch.epoch, UserID(grant.userId))
                    if server.grants[key] != grant.signature {
                        out.append(
                            .grant(RosterGrant(athleteId: athlete, epoch: epoch.epoch, row: grant)))
                    }
                }
            }
        }
        let removing = pendingRemovals.withLock { $0 }
        let gone = server.athletes.filter {
            server.isLive($0) && !local.contains($0.rawValue) && removing.contains(.athlete($0))
        }
        for athlete in gone.sorted(by: { $0.rawValue < $1.rawValue }) {
            var removal = RosterRemoval(
                athleteId: athlete, removedBy: actor.userId, removedAt: nowMilliseconds)
            removal.sign(by: actor.signKeys, workspaceId: ws)
            out.append(.removal(removal))
        }
        out += try keyRowChange(db, on: server, as: actor, workspaceId: ws)
        return out + (try pluginChanges(db, on: server, as: actor, workspaceId: ws))
    }

    /// The plugin entries: each local plugin row whose record the server lacks, and an empty
    /// record for each plugin the server holds and this write removes, each naming the
    /// server's newest entry of the plugin (`RosterPlugin.previous`).
    func pluginChanges(
        _ db: Database, on server: RosterIndex, as actor: Principal, workspaceId ws: String
    ) throws -> [RosterEntry] {
        var out: [RosterEntry] = []
        var local: Set<String> = []
        for row in try Row.fetchAll(db, sql: PluginsTable.allById) {
            let record = try Self.pluginRecord(row).bytes()
            local.insert(row["id"])
            guard server.plugins[row["id"]] != record else { continue }
            var entry = RosterPlugin(
                pluginId: row["id"], record: record, signerId: actor.userId,
                previous: server.pluginHeads[row["id"]] ?? [])
            entry.sign(by: actor.signKeys, workspaceId: ws)
            out.append(.plugin(entry))
        }
        for (id, record) in server.plugins.sorted(by: { $0.key < $1.key })
        where !record.isEmpty && !local.contains(id)
            && pendingRemovals.withLock({ $0.contains(.plugin(id)) })
        {
            var entry = RosterPlugin(
                pluginId: id, record: [], signerId: actor.userId,
                previous: server.pluginHeads[id] ?? [])
            entry.sign(by: actor.signKeys, workspaceId: ws)
            out.append(.plugin(entry))
        }
        return out
    }

    /// A plugin row in its roster form.
    static func pluginRecord(_ row: Row) -> RosterPluginRecord {
        RosterPluginRecord(
            id: row["id"], path: row["path"], sha256: row["sha256"], manifest: row["manifest"],
            granted: row["granted"], addedBy: UserID(row["added_by"]), addedAt: row["added_at"],
            signature: [UInt8]((row["signature"] as Data?) ?? Data()))
    }
}
