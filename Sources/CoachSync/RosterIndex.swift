import CoachKit

/// What a roster holds, by key, for comparing it with a replica's public rows: each user's
/// certificate version, the athletes and the removed ones, each athlete's epoch count, each
/// grant's signature, each plugin's record, and each user's key-row counter and current
/// key row, and the server's log key.
public struct RosterIndex: Equatable, Sendable {
    public var users: [UserID: Int] = [:]
    public var athletes: Set<AthleteID> = []
    public var removed: Set<AthleteID> = []
    public var epochs: [AthleteID: Int] = [:]
    /// By `GrantKey`: the grant's signature.
    public var grants: [GrantKey: [UInt8]] = [:]
    /// By plugin id: the record (empty once removed).
    public var plugins: [String: [UInt8]] = [:]
    /// By plugin id: the `RosterEntry.hash` of its newest entry, which the next names.
    public var pluginHeads: [String: [UInt8]] = [:]
    /// By user: the highest counter of their sealed key rows.
    public var keyCounters: [UserID: Int] = [:]
    /// By user: the sealed keys of the key row that holds them now (none once a newer
    /// certificate came with its own).
    public var keyRows: [UserID: [UInt8]] = [:]
    /// By user: the sealed key row a new machine opens now (the current key row's, else the
    /// newest user entry's).
    public var sealedKeys: [UserID: [UInt8]] = [:]
    /// The server's log key: the newest `log_key` entry's certificate (byte form).
    public var logKey: [UInt8]?
    /// The number of the roster's last `log_reset` entry, 0 before the first.
    public var logResetCounter: UInt64 = 0

    /// Where a grant sits: its athlete, epoch and user.
    public struct GrantKey: Hashable, Sendable {
        public var athleteId: AthleteID
        public var epoch: Int
        public var userId: UserID

        /// The key of the grant of `athleteId`'s `epoch` to `userId`.
        public init(_ athleteId: AthleteID, _ epoch: Int, _ userId: UserID) {
            self.athleteId = athleteId
            self.epoch = epoch
            self.userId = userId
        }
    }

    /// The index of `entries`, applied in order (a later entry replaces an earlier one).
    public init(_ entries: [RosterEntry] = []) {
        for entry in entries { add(entry) }
    }

    /// Takes one more entry into the index.
    public mutating func add(_ entry: RosterEntry) {
        switch entry {
        case .user(let user):
            if user.version > users[user.userId] ?? 0 {
                users[user.userId] = user.version
                keyRows[user.userId] = nil
                sealedKeys[user.userId] = user.sealedKeys.bytes
            }
        case .athlete(let athlete): athletes.insert(athlete.athleteId)
        case .epoch(let epoch):
            epochs[epoch.athleteId] = max(epochs[epoch.athleteId] ?? 0, epoch.epoch)
        case .grant(let grant):
            grants[GrantKey(grant.athleteId, grant.epoch, grant.userId)] = grant.signature.bytes
        case .plugin(let plugin):
            plugins[plugin.pluginId] = plugin.record.bytes
            pluginHeads[plugin.pluginId] = entry.hash
        case .removal(let removal): removed.insert(removal.athleteId)
        case .keyRow(let row):
            keyCounters[row.userId] = max(keyCounters[row.userId] ?? 0, row.counter)
            keyRows[row.userId] = row.sealedKeys.bytes
            sealedKeys[row.userId] = row.sealedKeys.bytes
        case .logKey(let key): logKey = key.certificate.bytes
        case .logReset(let reset):
            logResetCounter = max(logResetCounter, reset.decoded?.counter ?? 0)
        case .device, .deviceRevocation, .checkinDevice, .inboxKey, .logCheckpoint: break
        }
    }

    /// Whether the athlete is on the roster and not removed.
    public func isLive(_ athlete: AthleteID) -> Bool {
        athletes.contains(athlete) && !removed.contains(athlete)
    }
}
