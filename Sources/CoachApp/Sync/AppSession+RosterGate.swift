import CoachKit
import CoachStore
import CoachSync
import Foundation

extension AppSession {
    /// Makes this command's membership changes go through the server's roster: each is pushed
    /// by compare-and-swap on the roster head, signed in as this machine's device on first
    /// use (a device the server lacks enrolling itself first), before it commits here.
    func openRosterGate() throws {
        let status = try workspace.syncStatus()
        guard let server = URL(string: status.server) else { return }
        let ws = try workspace.syncWorkspaceId()
        let (device, key) = try workspace.withDeviceKey { ($0, $1) }
        let transport = environment.syncTransport
        let signedIn = LockedValue<SyncClient?>(nil)
        let address = server.absoluteString
        // A device made here after the publish enrols itself first, as `sync` does.
        let own = try workspace.rosterDeviceEntries(as: principal).filter {
            if case .device(let d) = $0 { return d.deviceId == device }
            return false
        }
        let client: @Sendable () throws -> SyncClient = {
            if let client = signedIn.withLock({ $0 }) { return client }
            var client = SyncClient(server: server, transport: transport)
            do {
                try client.signIn(workspace: ws, device: device) { key.sign($0) }
            } catch SyncRemoteFailure.refused(let problem)
                where problem.reason == .notFound && !own.isEmpty
            {
                _ = try client.pushRoster(workspace: ws, own, on: .empty)
                try client.signIn(workspace: ws, device: device) { key.sign($0) }
            }
            signedIn.withLock { $0 = client }
            return client
        }
        workspace.useRosterGate(
            RosterGate(
                actor: principal,
                fetch: {
                    try Self.offline(address) { try Self.roster(of: ws, from: try client()) }
                },
                push: { entries, head in
                    try Self.offline(address) {
                        do {
                            let answer = try client().call(
                                "POST", SyncPath.roster(ws),
                                RosterPush(expectedHead: head, entries: entries),
                                as: RosterPushResponse.self)
                            return .accepted(answer.head)
                        } catch SyncRemoteFailure.refused(let problem) {
                            if problem.reason == .rosterHeadMoved { return .headMoved }
                            if problem.reason == .streamMoved {
                                return .streamMoved(problem.message)
                            }
                            throw SyncFailure.membershipRefused(reason: problem.message)
                        }
                    }
                }))
    }

    /// Runs `body`, reporting a server that does not answer as a membership change made
    /// offline.
    static func offline<T>(_ server: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch SyncRemoteFailure.unreachable {
            throw SyncFailure.membershipOffline(server: server)
        }
    }

    /// The server's whole roster, page by page, with its head; the head must be the chain of
    /// the entries received.
    ///
    /// - Throws: `SyncRemoteFailure.badAnswer` when the entries do not chain to the head.
    static func roster(of ws: String, from client: SyncClient) throws
        -> (entries: [RosterEntry], head: RosterHead)
    {
        var entries: [RosterEntry] = []
        while true {
            let path = SyncPath.roster(ws) + "?after=\(entries.count)"
            let page = try client.call("GET", path, nil as [UInt8]?, as: RosterPage.self)
            guard page.after == Int64(entries.count) else {
                throw SyncRemoteFailure.badAnswer(server: client.server.absoluteString, path: path)
            }
            entries += page.entries
            guard page.done || page.entries.isEmpty else { continue }
            guard RosterHead.empty.appending(contentsOf: entries) == page.head else {
                throw SyncRemoteFailure.badAnswer(server: client.server.absoluteString, path: path)
            }
            return (entries, page.head)
        }
    }
}
