import CoachKit

/// What a roster holds, by key, for comparing it with a replica's public rows: each user's
/// certificate version, the athletes and the removed ones, each athlete's epoch count, each
/// grant's signature and each plugin's record.
public struct RosterIndex: Equatable, Sendable {
    public var users: [UserID: Int] = [:]
    public var athletes: Set<AthleteID> = []
    public var removed: Set<AthleteID> = []
    public var epochs: [AthleteID: Int] = [:]
    /// By `GrantKey`: the grant's signature.
    public var grants: [GrantKey: [UInt8]] = [:]
    /// By plugin id: the record (empty once removed).
    public var plugins: [String: [UInt8]] = [:]

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
        case .user(let user): users[user.userId] = max(users[user.userId] ?? 0, user.version)
        case .athlete(let athlete): athletes.insert(athlete.athleteId)
        case .epoch(let epoch):
            epochs[epoch.athleteId] = max(epochs[epoch.athleteId] ?? 0, epoch.epoch)
        case .grant(let grant):
            grants[GrantKey(grant.athleteId, grant.epoch, grant.userId)] = grant.signature.bytes
        case .plugin(let plugin): plugins[plugin.pluginId] = plugin.record.bytes
        case .removal(let removal): removed.insert(removal.athleteId)
        case .device, .deviceRevocation: break
        }
    }

    /// Whether the athlete is on the roster and not removed.
    public func isLive(_ athlete: AthleteID) -> Bool {
        athletes.contains(athlete) && !removed.contains(athlete)
    }
}
