import CoachCrypto
import CoachKit
import CoachStore
import CoachSync
import Foundation

extension AppSession {
    /// Runs `body` signed in as this machine's device, with the session kept from an earlier
    /// command when it has more than a couple of minutes left; else, or when the server
    /// refuses the kept one (expired there, or the server lost it), signs in again (enrolling
    /// the device when the server lacks it), keeps the new session and runs `body` again.
    ///
    /// `body` must be safe to run twice: only its first request can meet a refused session
    /// (a kept session is used only well before its end), and nothing is done before it.
    /// - Returns: what `body` returns.
    /// - Throws: what signing in or `body` throws.
    func withSyncSession<T>(
        _ client: inout SyncClient, workspace id: String, _ body: (SyncClient) throws -> T
    ) throws -> T {
        let (device, keys) = try workspace.withDeviceKey { ($0, $1) }
        let binding = KeptSyncSession.Binding(
            server: client.server.absoluteString, workspace: id, device: device)
        let store = environment.syncSessions(for: workspace.path)
        if let kept = try keptSyncSession(binding, keys: keys) {
            client.token = kept.token
            client.expiresAt = kept.expiresAt
            do {
                return try body(client)
            } catch SyncRemoteFailure.refused(let problem)
                where problem.reason == .unauthenticated
            {
                store.remove(deviceId: device.rawValue)
            }
        }
        client.token = nil
        try signInEnrolling(&client, workspace: id, device: device)
        if let token = client.token, let expiresAt = client.expiresAt {
            let kept = KeptSyncSession(token: token, expiresAt: expiresAt)
            // A session that cannot be kept costs the next command a sign-in, nothing more.
            try? store.save(kept.sealed(with: keys, binding: binding), deviceId: device.rawValue)
        }
        return try body(client)
    }

    /// The session kept from an earlier command for this device, workspace and server, when
    /// it has more than a couple of minutes left; nil otherwise. Nothing signs in.
    ///
    /// - Throws: `StoreError` when the device key or the session file cannot be read.
    func keptSyncSession(server: URL, workspace id: String) throws -> KeptSyncSession? {
        let (device, keys) = try workspace.withDeviceKey { ($0, $1) }
        let binding = KeptSyncSession.Binding(
            server: server.absoluteString, workspace: id, device: device)
        return try keptSyncSession(binding, keys: keys)
    }

    /// The kept session `binding` names, opened under `keys`, when still usable.
    private func keptSyncSession(_ binding: KeptSyncSession.Binding, keys: SigningKeyPair)
        throws -> KeptSyncSession?
    {
        let store = environment.syncSessions(for: workspace.path)
        let nowMs = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        guard
            let sealed = try StoreError.local({
                try store.load(deviceId: binding.device.rawValue)
            }),
            let kept = KeptSyncSession.open(sealed, with: keys, binding: binding),
            kept.usable(at: nowMs)
        else { return nil }
        return kept
    }
}
