import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Whether the workspace is published to or joined from a sync server.
    public func isSynced() throws -> Bool {
        try read { db in try Int.fetchOne(db, sql: SyncTables.isSynced) != nil }
    }

    /// Opens this machine's device key of `actor` for the command, so that record writes sign
    /// their changes; once per command, when the workspace syncs.
    ///
    /// - Parameter sealedKey: what this machine keeps for the user (`DeviceEnrolment`).
    /// - Returns: the device's id.
    /// - Throws: `SyncFailure.deviceNotOpen` when the key does not open for `actor`, or its
    ///   device is not certified to `actor` and active; `StoreError.tampered` when a device
    ///   certificate does not verify.
    @discardableResult
    public func useDevice(sealedKey: [UInt8], as actor: Principal) throws -> DeviceID {
        guard let kept = try? openDeviceKey(sealedKey, as: actor) else {
            throw SyncFailure.deviceNotOpen
        }
        let device = try read { db in try verifiedDevice(db, kept.id, as: actor) }
        guard let device, device.isActive, device.certificate.signPK == kept.keys.publicKey,
            device.certificate.userId == actor.userId
        else { throw SyncFailure.deviceNotOpen }
        syncSigner.withLock {
            $0 = SyncSigner(device: kept.id, userId: actor.userId, keys: kept.keys)
        }
        return kept.id
    }

    /// Starts syncing with a server: records its address and the workspace's registration,
    /// and, when publishing, queues every record row of every athlete as a genesis change
    /// signed by this machine's device (each row's ciphertext as it is, with its version).
    ///
    /// - Parameters:
    ///   - server: the server's address, as the front end checked it.
    ///   - registration: the registration the server holds, in the wire form.
    ///   - genesis: queue the existing records (publish); a joining replica receives them.
    ///   - actor: the signed-in user; publishing is the owner's.
    /// - Returns: how many changes were queued.
    /// - Throws: `SyncFailure.alreadySynced`, `.deviceNotOpen`; `StoreError.permissionDenied`
    ///   when a user other than the owner publishes.
    @discardableResult
    public func startSync(
        server: String, registration: [UInt8], genesis: Bool, as actor: Principal
    ) throws -> Int {
        if genesis, actor.role != .owner {
            throw StoreError.permissionDenied("only the owner publishes the workspace")
        }
        guard syncSigner.withLock({ $0?.userId }) == actor.userId else {
            throw SyncFailure.deviceNotOpen
        }
        return try write { db in
            if let row = try Row.fetchOne(db, sql: SyncTables.state) {
                throw SyncFailure.alreadySynced(server: row["server_url"])
            }
            try db.execute(sql: SyncTables.insertState, arguments: [server, Data(registration)])
            guard genesis else { return 0 }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT a.id AS athlete_id, r.id, r.kind, r.day, r.epoch, r.version, r.nonce,
                        r.ciphertext
                    FROM records r JOIN athletes a ON a.num = r.athlete_num
                    ORDER BY a.num, r.rowid
                    """)
            for row in rows {
                guard let id = RecordIdColumn.id(row["id"]) else {
                    throw StoreError.tampered("a record")
                }
                try noteRowChange(
                    db,
                    RowChange(
                        athleteId: row["athlete_id"], object: id, kind: row["kind"],
                        day: row["day"], epoch: row["epoch"], version: row["version"],
                        body: [UInt8](row["nonce"] as Data) + [UInt8](row["ciphertext"] as Data)),
                    author: actor.userId)
            }
            return rows.count
        }
    }

    /// What `coach sync status` shows of the replica.
    ///
    /// - Throws: `SyncFailure.notSynced` when the workspace does not sync.
    public func syncStatus() throws -> SyncStatus {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: SyncTables.state) else {
                throw SyncFailure.notSynced
            }
            let skewed = try Row.fetchAll(db, sql: SyncTables.skewed).map {
                SyncStatus.SkewedDevice(
                    device: DeviceID($0["device_id"]),
                    clock: HybridTimestamp(packed: UInt64(bitPattern: $0["clock"])))
            }
            return SyncStatus(
                server: row["server_url"], lastSync: row["last_sync"],
                queued: try Int.fetchOne(db, sql: SyncTables.outboxCount) ?? 0,
                conflicts: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_conflicts") ?? 0,
                skewedDevices: skewed)
        }
    }

    /// The changes waiting for a push, oldest first, as their signed bytes.
    public func outbox() throws -> [OutboxEntry] {
        try read { db in
            try Row.fetchAll(db, sql: SyncTables.outboxAll).map(OutboxEntry.init(row:))
        }
    }
}
