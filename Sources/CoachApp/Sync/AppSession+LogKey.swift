import CoachKit
import CoachStore
import CoachSync
import Foundation

extension AppSession {
    /// The key the server signs its log with (`GET /v1/server`), checked to be a whole
    /// Ed25519 key named by its own id, and to be the pinned one when a fingerprint is given.
    ///
    /// - Parameters:
    ///   - client: the server's client (no session needed).
    ///   - pinned: the fingerprint the owner expects (16 hex digits), or nil to trust the key
    ///     on first use.
    /// - Returns: the server's answer, checked.
    /// - Throws: `SyncFailure.serverKeyMismatch` for another key than the pinned one,
    ///   `SyncRemoteFailure.badAnswer` for a malformed answer.
    func serverLogKey(_ client: SyncClient, pinned: String?) throws -> ServerKeyInfo {
        let info = try client.call(
            "GET", SyncPath.server, nil as [UInt8]?, as: ServerKeyInfo.self)
        guard info.isWellFormed else {
            throw SyncRemoteFailure.badAnswer(
                server: client.server.absoluteString, path: SyncPath.server)
        }
        if let pinned, Self.normalisedFingerprint(pinned) != info.fingerprint {
            throw SyncFailure.serverKeyMismatch(pinned: pinned, served: info.fingerprint)
        }
        return info
    }

    /// The server's log key as `serverLogKey` checks it, or nil from a server from before the
    /// log (it answers `GET /v1/server` with 404), whose log nobody can check: only when no
    /// fingerprint is pinned.
    func optionalServerLogKey(_ client: SyncClient, pinned: String?) throws -> ServerKeyInfo? {
        do {
            return try serverLogKey(client, pinned: pinned)
        } catch SyncRemoteFailure.refused(let problem)
            where problem.reason == .notFound && pinned == nil
        {
            return nil
        }
    }

    /// A fingerprint as typed, in the form `ServerKeyInfo.fingerprint` writes: lower-case
    /// hex digits, without spaces, colons or dashes.
    static func normalisedFingerprint(_ text: String) -> String {
        String(text.lowercased().filter { $0.isHexDigit })
    }

    /// The owner of a workspace published before the log: certifies the server's key (trust
    /// on first use) and pushes it onto the roster, once; the roster is then read again so
    /// that this replica holds it. Anyone else, a workspace whose roster holds a key, or a
    /// server from before the log, does nothing.
    ///
    /// - Returns: the fingerprint of the key certified now, or nil.
    func certifyLogKeyIfMissing(
        _ client: SyncClient, workspace id: String, roster: inout SyncRosterState
    ) throws -> String? {
        guard principal.role == .owner, try workspace.logKeyFingerprint(as: principal) == nil
        else { return nil }
        guard let key = try optionalServerLogKey(client, pinned: nil) else { return nil }
        if !roster.read { try readRoster(client, workspace: id, into: &roster) }
        guard try workspace.logKeyFingerprint(as: principal) == nil,
            let head = roster.mark?.head
        else { return nil }
        let entry = try workspace.logKeyEntry(
            serverPK: key.logKey.bytes, fromSize: 0, as: principal)
        _ = try client.pushRoster(workspace: id, [.logKey(entry)], on: head)
        try readRoster(client, workspace: id, into: &roster)
        return key.fingerprint
    }
}
