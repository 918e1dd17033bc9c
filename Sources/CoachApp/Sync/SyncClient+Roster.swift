import CoachKit
import CoachSync

extension SyncClient {
    /// Every roster entry the server holds, page by page, and the head after the last one
    /// (a session is needed).
    func rosterWithHead(workspace: String) throws -> (entries: [RosterEntry], head: RosterHead) {
        var entries: [RosterEntry] = []
        while true {
            let page = try call(
                "GET", SyncPath.roster(workspace) + "?after=\(entries.count)", nil as Int?,
                as: RosterPage.self)
            entries += page.entries
            if page.done || page.entries.isEmpty { return (entries, page.head) }
        }
    }

    /// Every roster entry the server holds (a session is needed).
    func roster(workspace: String) throws -> [RosterEntry] {
        try rosterWithHead(workspace: workspace).entries
    }

    /// Pushes roster entries by compare-and-swap, starting from `head` and, while the roster
    /// moves, from the head the server's refusal names (up to three tries).
    ///
    /// - Returns: the roster's head after the push.
    func pushRoster(workspace: String, _ entries: [RosterEntry], on head: RosterHead) throws
        -> RosterHead
    {
        var expected = head
        for attempt in 1...3 {
            do {
                return try call(
                    "POST", SyncPath.roster(workspace),
                    RosterPush(expectedHead: expected, entries: entries),
                    as: RosterPushResponse.self
                ).head
            } catch SyncRemoteFailure.refused(let problem)
                where problem.reason == .rosterHeadMoved && attempt < 3
            {
                guard let moved = problem.rosterHead else {
                    throw SyncRemoteFailure.refused(problem)
                }
                expected = moved
            }
        }
        throw SyncRemoteFailure.badAnswer(
            server: server.absoluteString, path: SyncPath.roster(workspace))
    }
}
