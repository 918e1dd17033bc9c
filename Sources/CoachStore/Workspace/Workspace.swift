import CoachCrypto
import CoachKit
import CoachLocal
import Foundation
import GRDB

/// An open workspace: one SQLite file holding users, athletes, keys, records and the audit log.
///
/// Owns the database connection pool; every operation that changes data runs in one
/// IMMEDIATE transaction together with its audit entry, so it is all-or-nothing.
public final class Workspace: Sendable {
    /// The absolute path of the workspace file.
    public let path: String
    let pool: DatabasePool
    let clock: any Clock
    /// The system's clock, for what must follow real time: session lifetimes and audit entry
    /// times. A fixed "now" given for replaying views must neither end nor stretch a session,
    /// nor back-date the log.
    let wallClock: any Clock
    let random: any RandomSource
    /// Where new ids (athletes, users, sessions) come from.
    let ids: IdentifierSource
    /// Where signed-in users' marks are kept outside the file (nil: nowhere, as in tests).
    let marks: (any MarksKeeper)?
    /// The athletes whose records the current write changed, with who signs their new head
    /// when it commits (`noteRecordsChanged`); empty outside a write.
    let pendingHeads = LockedValue<[String: PendingHead]>([:])
    /// This machine's device key of the signed-in user, opened once per command when the
    /// workspace syncs (`useDevice`): it signs the change of every record write.
    let syncSigner = LockedValue<SyncSigner?>(nil)
    /// How a membership change of a synced workspace reaches its server before it commits
    /// (`useRosterGate`); nil when no server is reachable from this command.
    let rosterGate = LockedValue<RosterGate?>(nil)
    /// True while the server's roster entries are being applied here (`applyRoster`): those
    /// membership writes come from the server and go back to no gate.
    let applyingRoster = LockedValue(false)
    /// The removals the current write makes on purpose (`noteRosterRemoval`), which the
    /// roster gate turns into removal entries; empty outside a write.
    let pendingRemovals = LockedValue<Set<RosterRemovalIntent>>([])
    /// Whether the current write gives the signed-in user a new sealed key row on purpose (a
    /// passphrase change, `noteKeyRowChange`), which the roster gate pushes as a key row.
    let pendingKeyRow = LockedValue(false)

    init(
        path: String, pool: DatabasePool, clock: any Clock, random: any RandomSource,
        ids: IdentifierSource, wallClock: any Clock = SystemClock(),
        marks: (any MarksKeeper)? = nil
    ) {
        self.path = path
        self.pool = pool
        self.clock = clock
        self.wallClock = wallClock
        self.random = random
        self.ids = ids
        self.marks = marks
    }

    static func configuration(readOnly: Bool = false) -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.readonly = readOnly
        config.busyMode = .timeout(30)
        config.prepareDatabase { db in
            try SchemaGuard.harden(db)
            try db.execute(
                sql:
                    "PRAGMA synchronous = FULL; PRAGMA secure_delete = ON; PRAGMA trusted_schema = OFF"
            )
        }
        return config
    }

    /// Opens an existing workspace after checking the file is safe and is a coach workspace.
    ///
    /// - Parameters:
    ///   - path: absolute path of the workspace file.
    ///   - allowShared: accept a file others may write to.
    ///   - clock: the clock views read ("now"; session lifetimes follow the system clock).
    ///   - random: where keys, nonces and salts come from.
    ///   - ids: where new ids come from.
    ///   - marks: where users' marks are kept outside the file; each sign-in checks the file
    ///     against them (nil: no such check).
    /// - Throws: `StoreError` when the file is missing, unsafe, not a workspace or damaged.
    public static func open(
        at path: String, allowShared: Bool = false, clock: any Clock, random: any RandomSource,
        ids: IdentifierSource, marks: (any MarksKeeper)? = nil
    ) throws -> Workspace {
        try Sodium.initialize()
        try StoreError.local { try SecureFiles.checkWorkspace(path, allowShared: allowShared) }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration())
            let ready = try pool.read { db -> Bool in
                guard try db.tableExists("meta"),
                    try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'format'")
                        == Schema.formatTag
                else { throw StoreError.notAWorkspace(path) }
                let applied = try Schema.migrator.appliedIdentifiers(db)
                let known = Set(Schema.migrator.migrations)
                if !applied.isSubset(of: known) {
                    throw StoreError.newerFormat("the workspace \(path)")
                }
                if !applied.contains(Schema.trustMigration),
                    try Int.fetchOne(db, sql: UsersTable.count) ?? 0 > 0
                {
                    throw StoreError.unsignedMembership(path)
                }
                return applied == known
            }
            if !ready { try Schema.migrator.migrate(pool) }
            try pool.read { db in try SchemaGuard.check(db) }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw mapOpenError(error, path: path)
        }
        for suffix in ["-wal", "-shm"] { SecureFiles.restrict(path + suffix) }
        return Workspace(
            path: path, pool: pool, clock: clock, random: random, ids: ids, marks: marks)
    }

    /// Creates a new, empty workspace file (mode 0600, folder 0700) and applies the schema.
    ///
    /// - Parameter workspaceId: the workspace's id (a joined replica's is the server's); a
    ///   new one when nil.
    static func createFile(
        at path: String, clock: any Clock, random: any RandomSource, ids: IdentifierSource,
        workspaceId: String? = nil
    ) throws -> Workspace {
        try Sodium.initialize()
        if FileManager.default.fileExists(atPath: path) { throw StoreError.workspaceExists(path) }
        try StoreError.local {
            try SecureFiles.makeDirectory((path as NSString).deletingLastPathComponent)
        }
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw StoreError.unsafePath(path, reason: "cannot create it") }
        close(fd)
        do {
            let pool = try DatabasePool(path: path, configuration: configuration())
            try Schema.migrator.migrate(pool)
            try pool.write { db in
                try db.execute(
                    sql: "INSERT INTO meta (key, value) VALUES ('format', ?), ('workspace_id', ?)",
                    arguments: [Schema.formatTag, workspaceId ?? ids.next()])
            }
            return Workspace(path: path, pool: pool, clock: clock, random: random, ids: ids)
        } catch {
            unlink(path)
            throw error
        }
    }

    static func mapOpenError(_ error: DatabaseError, path: String) -> StoreError {
        switch error.resultCode {
        case .SQLITE_NOTADB: .notAWorkspace(path)
        case .SQLITE_CORRUPT: .corrupt("database file")
        case .SQLITE_CANTOPEN: .workspaceMissing(path)
        default: .corrupt("SQLite error \(error.resultCode.rawValue)")
        }
    }

    /// Runs `body` in one IMMEDIATE write transaction (all or nothing).
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.writeWithoutTransaction { db in
                var result: T?
                let watch = MembershipWatch()
                db.add(transactionObserver: watch, extent: .nextTransaction)
                defer {
                    pendingHeads.withLock { $0 = [:] }
                    pendingRemovals.withLock { $0 = [] }
                    pendingKeyRow.withLock { $0 = false }
                }
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    if watch.touched { try confirmMembership(db) }
                    try signPendingHeads(db)
                    return .commit
                }
                return result!
            }
        } catch let error as DatabaseError {
            throw Self.mapRuntimeError(error)
        }
    }

    /// Runs `body` on a read-only snapshot.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch let error as DatabaseError {
            throw Self.mapRuntimeError(error)
        }
    }

    static func mapRuntimeError(_ error: DatabaseError) -> StoreError {
        switch error.resultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: .corrupt("database file")
        case .SQLITE_CONSTRAINT: .tampered("a database constraint")
        case .SQLITE_BUSY: .workspaceBusy
        default: .corrupt("SQLite error \(error.resultCode.rawValue)")
        }
    }

    /// Unix seconds now, from the injected clock.
    var nowSeconds: Int64 { Int64(clock.now().timeIntervalSince1970.rounded(.down)) }

    /// Unix seconds now, from the system clock (sessions and audit entries).
    var wallSeconds: Int64 { Int64(wallClock.now().timeIntervalSince1970.rounded(.down)) }
}
