import CoachSync

/// The verified roster of each workspace, kept between requests: a roster is verified once
/// per head, not once per push. Keyed by the roster's entry count, which only grows.
public actor RosterCache {
    private var rosters: [String: VerifiedRoster] = [:]

    /// An empty cache.
    public init() {}

    /// The cached roster of `workspace` when it is at `count` entries, else the one `load`
    /// returns, which is then kept.
    func roster(
        _ workspace: String, count: Int64,
        load: () async throws -> VerifiedRoster
    ) async throws -> VerifiedRoster {
        if let hit = rosters[workspace], hit.roster.head.count == count { return hit }
        let loaded = try await load()
        store(loaded)
        return loaded
    }

    /// Keeps `roster` as its workspace's newest.
    func store(_ roster: VerifiedRoster) {
        let id = roster.roster.registration.workspaceId
        if let old = rosters[id], old.roster.head.count > roster.roster.head.count { return }
        rosters[id] = roster
    }
}
