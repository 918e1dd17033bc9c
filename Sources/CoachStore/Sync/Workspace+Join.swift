import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// The audit action that opens a joined replica's log: the joining user's entry naming
    /// the roster head the replica started from.
    static let joinAction = "sync.join"

    /// Makes the replica of a workspace on a new machine from its server's roster: the file
    /// (under the registration's workspace id), every user's certificate and key row, the
    /// athletes, key epochs, grants, plugins and devices, the joining user's sealed state
    /// (trusting the registration's owner key), a fresh audit log opened by a `sync.join`
    /// entry signed by the joining user, and this machine's device; sync is started without
    /// genesis, so the records come by pulling.
    ///
    /// Every certificate and every athlete's key history and grants are verified against the
    /// registration before the device is added.
    /// - Parameters:
    ///   - path: the new file (must not exist; the caller renames it into place).
    ///   - joining: the user, their keys opened, and the device they certified.
    ///   - registration: the workspace's registration on the server (its trust anchor).
    ///   - roster: the server's roster, in order, and its head.
    ///   - server: the server's address, which sync uses from now on.
    /// - Returns: the replica, the joining user signed in, and their device key sealed for
    ///   this machine's key store.
    /// - Throws: `StoreError.tampered` naming what does not verify (the file is left for the
    ///   caller to remove); `StoreError.workspaceExists`.
    public static func join(
        at path: String, joining: JoiningUser, registration: WorkspaceRegistration,
        roster: [RosterEntry], head: RosterHead, server: String, clock: any Clock,
        random: any RandomSource, ids: IdentifierSource
    ) throws -> (workspace: Workspace, principal: Principal, sealedDevice: [UInt8]) {
        guard registration.signatureValid else {
            throw StoreError.tampered("the workspace's registration on the server")
        }
        var newest: [UserID: RosterUser] = [:]
        var order: [UserID] = []
        for case .user(let user) in roster where newest[user.userId]?.version ?? 0 < user.version {
            if newest[user.userId] == nil { order.append(user.userId) }
            newest[user.userId] = user
        }
        // A user's newest key row (a passphrase change) holds their sealed keys now.
        do {
            let keys = try RosterKeyLedger(workspaceId: registration.workspaceId, entries: roster)
            for (id, row) in keys.current { newest[id]?.sealedKeys = row.sealedKeys }
        } catch {
            throw StoreError.tampered("the server's roster: \(error.message)")
        }
        let me = joining.user.userId
        guard let owner = newest[registration.ownerUserId], newest[me] == joining.user,
            let preset = KDFParameters.Preset.matching(
                ops: owner.kdfFloorOps, mem: owner.kdfFloorMem)
        else { throw StoreError.tampered("the server's roster (its owner or the joining user)") }
        let ws = try createFile(
            at: path, clock: clock, random: random, ids: ids,
            workspaceId: registration.workspaceId)
        let (box, _) = try joining.row.keyPairs(from: joining.secret)
        try ws.withRosterApplying {
            try ws.write { db in
                try db.execute(
                    sql: "INSERT INTO meta (key, value) VALUES ('kdf_preset', ?)",
                    arguments: [preset.rawValue])
                for id in order { try ws.applyUser(db, newest[id]!, isNew: true) }
                try UserState(anchor: registration.anchor).store(
                    db, userId: me.rawValue, key: try UserState.key(box: box), random: random)
            }
        }
        let principal = try ws.read { db in try joining.row.principal(secret: joining.secret, db) }
        try ws.applyRoster(roster, as: principal)
        try ws.read { db in
            let rows = DatabaseRows(db: db)
            let book = CertificateBook()
            try StoreError.checking {
                for id in try rows.userIds() {
                    _ = try book.certificate(in: rows, userId: id, anchor: principal.anchor)
                }
            }
        }
        try ws.refuseGrantsSealedAtEnrolment(as: principal)
        let device = joining.device
        try ws.write { db in
            try ws.appendAudit(
                db, actor: principal, action: joinAction,
                target: "\(head.count)/" + Hashing.hex(head.hash.bytes))
            try db.execute(
                sql: DevicesTable.insert,
                arguments: [
                    device.deviceId.rawValue, me.rawValue, Data(device.signPK),
                    device.createdAt, device.name, Data(device.signature),
                ])
            _ = try ws.verifiedDevice(db, device.deviceId, as: principal)
            try ws.appendAudit(
                db, actor: principal, action: "device.add", target: device.deviceId.rawValue)
        }
        // The other machines' devices (this one's is on the roster too, and held already).
        try ws.applyRosterDevices(roster, as: principal)
        let sealed = try ws.sealDeviceKey(device.deviceId, joining.deviceKeys, as: principal)
        _ = try ws.useDevice(sealedKey: sealed, as: principal)
        try ws.startSync(
            server: server, registration: try SyncJSON.encode(registration), genesis: false,
            as: principal)
        return (ws, principal, sealed)
    }

    /// Runs `body` as the server's roster being applied: its membership writes go to no gate.
    func withRosterApplying<T>(_ body: () throws -> T) rethrows -> T {
        applyingRoster.withLock { $0 = true }
        defer { applyingRoster.withLock { $0 = false } }
        return try body()
    }
}
