import CoachCrypto
import CoachKit
import CoachStore
import CoachSync
import Foundation

extension AppSession {
    /// The longest a web pairing may wait for approval, in minutes.
    public static let maxPairingMinutes = Int(SyncLimits.maxPairingSeconds / 60)

    /// Makes a pairing link for a phone's check-in page: a fresh one-time code from the random
    /// seam, of which the server gets only the proof (`CheckinBytes.pairProof`), registered
    /// for the athlete on the workspace's server; the code is kept sealed on this machine for
    /// the approval, replacing any pairing waiting here.
    ///
    /// The link is the server's `/checkin` page with a fragment (never sent to the server)
    /// carrying the version, workspace, athlete, handle, the SHA-256 of the owner's key this
    /// user trusts, the code and the athlete's current key epoch (the page refuses an inbox
    /// key of an older epoch, which someone removed since may hold). The page this version
    /// ships is compared with the one the server serves.
    /// - Parameters:
    ///   - handle: the athlete; nil for an athlete user's own.
    ///   - minutes: how long the pairing waits for approval (1 to 60).
    /// - Returns: the link, the page's hash, whether the server serves that page, the expiry.
    /// - Throws: `StoreError.invalidInput` for a life out of range; `SyncFailure.notSynced`;
    ///   `PairingFailure.insecurePage` for a plain http server off loopback; what opening the
    ///   athlete throws; `SyncRemoteFailure` for the server's refusals.
    public func addWebDevice(_ handle: Handle?, minutes: Int) throws -> WebPairingReport {
        guard (1...Self.maxPairingMinutes).contains(minutes) else {
            throw StoreError.invalidInput(
                "a pairing lives 1 to \(Self.maxPairingMinutes) minutes, not \(minutes)")
        }
        let athlete = try workspace.openAthlete(handle, as: principal)
        let status = try workspace.syncStatus()
        guard let server = URL(string: status.server) else { throw SyncFailure.notSynced }
        guard Self.securePageHost(server) else {
            throw PairingFailure.insecurePage(server: status.server)
        }
        let workspaceId = try workspace.syncWorkspaceId()
        let code = JoinCode.normalized(JoinCode.make(random: environment.random)) ?? ""
        let proof = CheckinBytes.pairProof(workspace: workspaceId, code: code)
        var client = SyncClient(server: server, transport: environment.syncTransport)
        let created = try withSyncSession(&client, workspace: workspaceId) { client in
            try client.call(
                "POST", SyncPath.pairings(workspaceId),
                PairingCreate(
                    proof: proof, athlete: athlete.id, expiresIn: Int64(minutes) * 60),
                as: PairingCreated.self)
        }
        let kept = KeptPairing(
            code: code, athlete: athlete.id, handle: athlete.handle.rawValue,
            expiresAt: created.expiresAt)
        let (device, keys) = try workspace.withDeviceKey { ($0, $1) }
        let binding = KeptSyncSession.Binding(
            server: server.absoluteString, workspace: workspaceId, device: device)
        try StoreError.local {
            try environment.pairings(for: workspace.path).save(
                try kept.sealed(with: keys, binding: binding), deviceId: device.rawValue)
        }
        let page = Self.pageURL(server)
        let fragment = [
            ("v", "1"), ("w", workspaceId), ("a", athlete.id.rawValue),
            ("h", athlete.handle.rawValue), ("o", Base64URL.encode(principal.ownerKeyDigest)),
            ("c", code), ("e", String(athlete.epoch)),
        ].map { "\($0)=\(Self.fragmentEscaped($1))" }.joined(separator: "&")
        return WebPairingReport(
            link: page + "#" + fragment, athlete: athlete.handle.rawValue,
            workspace: workspaceId, pageSHA256: CheckinPage.sha256,
            servedPage: servedPage(server), expiresAt: Self.isoInstant(created.expiresAt))
    }

    /// Whether the page at `server` can run WebCrypto in a browser: https, or any scheme on
    /// loopback.
    static func securePageHost(_ server: URL) -> Bool {
        if server.scheme?.lowercased() == "https" { return true }
        let host = (server.host ?? "").lowercased().trimmingCharacters(in: ["[", "]"])
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// The check-in page's address on `server`.
    static func pageURL(_ server: URL) -> String {
        var base = server.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/checkin"
    }

    /// `value` with everything but unreserved characters percent-encoded.
    static func fragmentEscaped(_ value: String) -> String {
        let allowed = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    /// Whether the server serves the page this version ships: `same`, `differs` or
    /// `unavailable`.
    func servedPage(_ server: URL) -> String {
        let request = SyncHTTPRequest(method: "GET", path: "/checkin", body: nil, token: nil)
        guard let answer = try? environment.syncTransport.send(request, to: server),
            answer.status == 200
        else { return "unavailable" }
        return CheckinPage.matches(answer.body) ? "same" : "differs"
    }
}
