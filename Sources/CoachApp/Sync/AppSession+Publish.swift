import CoachKit
import CoachStore
import CoachSync
import Foundation

extension AppSession {
    /// Publishes the workspace to a club server (the owner): registers it with the owner's
    /// signed registration and the roster, queues every record as a genesis change signed by
    /// this machine's device, and syncs.
    ///
    /// A registration the server already holds (a publish cut short after it) goes on to the
    /// sync; if it is not this owner's, the device's sign-in is refused.
    /// - Parameter server: the server's address (`SyncAddress`).
    /// - Returns: what the first sync did.
    /// - Throws: `SyncFailure.alreadySynced`; `StoreError.permissionDenied` for anyone but
    ///   the owner; `SyncRemoteFailure` for the server's refusals.
    public func publish(server: URL) throws -> SyncReport {
        if try workspace.isSynced() {
            throw SyncFailure.alreadySynced(server: try workspace.syncStatus().server)
        }
        try ensureDevice()
        let request = try workspace.publication(as: principal)
        let user = principal.userId.rawValue
        let keys = environment.deviceKeys(for: workspace.path)
        guard let sealed = try StoreError.local({ try keys.load(userId: user) }) else {
            throw SyncFailure.deviceNotOpen
        }
        try workspace.useDevice(sealedKey: sealed, as: principal)
        let client = SyncClient(server: server, transport: environment.syncTransport)
        do {
            _ = try client.call(
                "POST", SyncPath.workspaces, request, as: RegistrationResponse.self)
        } catch SyncRemoteFailure.refused(let problem) where problem.reason == .workspaceExists {
            // Registered by a publish that stopped before recording it here.
        }
        try workspace.startSync(
            server: server.absoluteString, registration: try SyncJSON.encode(request.registration),
            genesis: true, as: principal)
        return try sync()
    }
}
