import CoachApp
import CoachKit
import CoachSync

extension FakeSyncServer {
    /// The streams the user of the request's session may read, as the real server serves
    /// them: the owner every one, a coach those granted at the current epoch, an athlete user
    /// her own; nil (every stream) when no roster names the session's device.
    func readable(_ request: SyncHTTPRequest) -> Set<AthleteID>? {
        guard let token = request.token, token.hasPrefix("token:") else { return nil }
        let device = DeviceID(String(token.dropFirst("token:".count)))
        return state.withLock { s -> Set<AthleteID>? in
            var userId: UserID?
            for case .device(let d) in s.roster where d.deviceId == device { userId = d.userId }
            var user: RosterUser?
            for case .user(let u) in s.roster where u.userId == userId { user = u }
            guard let user else { return nil }
            let index = RosterIndex(s.roster)
            let live = index.athletes.filter { index.isLive($0) }
            switch user.role {
            case .owner: return live
            case .athlete: return Set(user.athleteId.map { [$0] } ?? [])
            case .coach:
                return live.filter {
                    index.grants[RosterIndex.GrantKey($0, index.epochs[$0] ?? 0, user.userId)]
                        != nil
                }
            }
        }
    }
}
