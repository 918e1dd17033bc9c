import CoachKit
import CoachStore
import CoachSync
import Foundation

extension AppSession {
    /// Publishes the workspace to a club server (the owner): registers it with the owner's
    /// signed registration and the roster, queues every record as a genesis change signed by
    /// this machine's device, and syncs. The roster ends with the owner's certificate of the
    /// key the server signs its log with (`GET /v1/server`): the pinned one, or the one the
    /// server names (trust on first use; the report gives its fingerprint). A server from
    /// before the log names none: the workspace is published without, and the owner's first
    /// sync once it names one certifies it.
    ///
    /// A registration the server already holds (a publish cut short after it) goes on to the
    /// sync; if it is not this owner's, the device's sign-in is refused.
    /// - Parameters:
    ///   - server: the server's address (`SyncAddress`).
    ///   - serverKey: the fingerprint of the server's log key to insist on, if any.
    /// - Returns: what the first sync did, with the certified key's fingerprint.
    /// - Throws: `SyncFailure.alreadySynced`; `.serverKeyMismatch` when the server's key is
    ///   not the pinned one (nothing is sent then); `StoreError.permissionDenied` for anyone
    ///   but the owner; `SyncRemoteFailure` for the server's refusals.
    public func publish(server: URL, serverKey: String? = nil) throws -> SyncReport {
        if try workspace.isSynced() {
            throw SyncFailure.alreadySynced(server: try workspace.syncStatus().server)
        }
        // A key other than the pinned one stops the publish before anything is written.
        let client = SyncClient(server: server, transport: environment.syncTransport)
        let logKey = try optionalServerLogKey(client, pinned: serverKey)
        try ensureDevice()
        var request = try workspace.publication(as: principal)
        let user = principal.userId.rawValue
        let keys = environment.deviceKeys(for: workspace.path)
        guard let sealed = try StoreError.local({ try keys.load(userId: user) }) else {
            throw SyncFailure.deviceNotOpen
        }
        try workspace.useDevice(sealedKey: sealed, as: principal)
        if let logKey {
            request.roster.append(
                .logKey(
                    try workspace.logKeyEntry(
                        serverPK: logKey.logKey.bytes, fromSize: 0, as: principal)))
        }
        do {
            _ = try client.call(
                "POST", SyncPath.workspaces, request, as: RegistrationResponse.self)
        } catch SyncRemoteFailure.refused(let problem) where problem.reason == .workspaceExists {
            // Registered by a publish that stopped before recording it here.
        }
        try workspace.startSync(
            server: server.absoluteString, registration: try SyncJSON.encode(request.registration),
            genesis: true, as: principal)
        var report = try sync()
        report.serverKey = logKey?.fingerprint
        return report
    }
}
