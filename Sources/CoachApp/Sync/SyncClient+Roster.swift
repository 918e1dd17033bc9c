import CoachKit
import CoachSync

extension SyncClient {
    /// Every roster entry the server holds, page by page (a session is needed).
    func roster(workspace: String) throws -> [RosterEntry] {
        var entries: [RosterEntry] = []
        while true {
            let page = try call(
                "GET", SyncPath.roster(workspace) + "?after=\(entries.count)", nil as Int?,
                as: RosterPage.self)
            entries += page.entries
            if page.done || page.entries.isEmpty { return entries }
        }
    }

    /// The newest roster entry of the user named `handle`, nil when there is none.
    func rosterUser(workspace: String, handle: String) throws -> RosterUser? {
        try roster(workspace: workspace).reduce(nil) { found, entry in
            if case .user(let user) = entry, user.handle == handle { return user }
            return found
        }
    }
}
