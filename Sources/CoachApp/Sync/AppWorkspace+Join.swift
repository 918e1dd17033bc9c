import CoachCrypto
import CoachKit
import CoachLocal
import CoachStore
import CoachSync
import Foundation

extension AppWorkspace {
    /// Joins a workspace of a club server on this machine, where it has no file yet: proves
    /// the one-time invitation `code` for `handle`, opens the user's sealed keys with
    /// `passphrase`, enrols a new device, fetches the roster and builds a verified replica in
    /// a temporary file beside the target, pulls every stream the user may read, signs the
    /// user in (as `unlock`) and only then moves the file into place.
    ///
    /// A join that fails anywhere leaves no workspace file, key or session behind.
    /// - Parameters:
    ///   - server: the server's address (`SyncAddress`).
    ///   - workspaceId: the workspace's id on the server.
    ///   - seconds: the session's lifetime.
    /// - Returns: what was made.
    /// - Throws: `SyncFailure.notInvitationCode` for a `code` that does not read as one
    ///   (nothing is sent); `StoreError.workspaceExists`; `StoreError.authenticationFailed` for
    ///   a wrong passphrase; `StoreError.tampered` (and `SyncFailure`) for a registration the
    ///   code does not bind (an owner key of the server's making), a roster that does not
    ///   extend the inviter's head (entries left out), a roster or a change that does not
    ///   verify; `SyncRemoteFailure` for the server's refusals (`bad_invitation`).
    public func join(
        server: URL, workspaceId: String, handle: Handle, code: Passphrase,
        passphrase: Passphrase, seconds: Int = 8 * 3600
    ) throws -> JoinReport {
        guard !exists else { throw StoreError.workspaceExists(path) }
        // Only a code that reads as one: a proof and a binding key of no code ("") would be
        // ones the server can compute.
        guard
            let code = code.key.withBytes({
                JoinCode.normalized(String(decoding: $0, as: UTF8.self))
            })
        else { throw SyncFailure.notInvitationCode }
        var client = SyncClient(server: server, transport: environment.syncTransport)
        let answer = try client.call(
            "POST", SyncPath.join(workspaceId),
            JoinRequest(handle: handle.rawValue, code: JoinCode.proof(of: code)),
            as: JoinResponse.self)
        guard answer.registration.workspaceId == workspaceId,
            answer.user.handle == handle.rawValue
        else {
            throw StoreError.tampered("the server's answer to the join (another workspace or user)")
        }
        // Before anything of the answer is trusted: the registration (its owner key) and the
        // roster head must be the ones the inviting user bound to the code, which the server
        // never saw.
        let key = try JoinCode.bindingKey(
            workspace: workspaceId, user: answer.user.userId, code: code)
        guard
            let invited = JoinCode.boundHead(
                answer.binding.bytes, of: answer.registration, key: key)
        else {
            throw StoreError.tampered(
                "the server's answer to the join (its owner key \(Self.fingerprint(answer)) "
                    + "is not the one the invitation code was made for)")
        }
        let joining = try JoiningUser(
            user: answer.user, passphrase: passphrase.key, workspaceId: workspaceId,
            deviceId: DeviceID(environment.ids.next()), deviceName: environment.deviceName,
            createdAt: Int64((environment.clock.now().timeIntervalSince1970 * 1000).rounded()),
            random: environment.random)
        // The device enrols itself (no session needed) and signs in to read the roster.
        _ = try client.pushRoster(
            workspace: workspaceId, [.device(RosterDevice(joining.device))], on: .empty)
        try client.signIn(
            workspace: workspaceId, device: joining.device.deviceId, sign: joining.signAsDevice)
        let roster = try AppSession.roster(of: workspaceId, from: client)
        guard invited.isExtended(by: roster.entries) else {
            throw StoreError.tampered(
                "the roster the server at \(server.absoluteString) served at the join "
                    + "(\(roster.entries.count) entries) does not extend the \(invited.count) "
                    + "the inviting machine verified: entries were left out or rewritten")
        }
        let temporary = Self.temporaryPath(beside: path, random: environment.random)
        let user = answer.user.userId.rawValue
        // The key and session are saved only once the file is linked in place: a file that
        // appeared there meanwhile is another workspace, whose key and session stay its own.
        var linked = false
        do {
            let (report, token, sealed) = try fill(
                temporary, joining: joining, answer: answer, roster: roster, client: client,
                server: server, passphrase: passphrase, seconds: seconds)
            guard link(temporary, path) == 0 else {
                throw errno == EEXIST
                    ? StoreError.workspaceExists(path)
                    : StoreError.unsafePath(path, reason: "cannot create it")
            }
            linked = true
            Self.remove(temporary)
            try StoreError.local {
                try environment.deviceKeys(for: path).save(sealed, userId: user)
                try environment.tokens(for: path).save(token)
            }
            return JoinReport(
                path: path, workspace: workspaceId, server: server.absoluteString,
                user: handle.rawValue, role: answer.user.role.rawValue,
                device: joining.device.deviceId.rawValue, applied: report.applied)
        } catch {
            Self.remove(temporary)
            if linked {
                unlink(path)
                environment.tokens(for: path).remove(handle: handle.rawValue)
                environment.deviceKeys(for: path).remove(userId: user)
            }
            throw error
        }
    }

    /// Builds the replica in `temporary`, syncs it and starts the user's session; the file is
    /// closed on return.
    private func fill(
        _ temporary: String, joining: JoiningUser, answer: JoinResponse,
        roster: (entries: [RosterEntry], head: RosterHead), client: SyncClient, server: URL,
        passphrase: Passphrase, seconds: Int
    ) throws -> (SyncReport, SessionToken, [UInt8]) {
        let made = try Workspace.join(
            at: temporary, joining: joining, registration: answer.registration,
            roster: roster.entries, head: roster.head, server: server.absoluteString,
            clock: environment.clock, random: environment.random, ids: environment.ids)
        // The head verified here is the mark later rosters must extend; with no device digest
        // (zeros) it is not current, so the first sync reads the roster again for the devices.
        try made.workspace.noteRosterMark(
            RosterMark(head: roster.head, devices: [UInt8](repeating: 0, count: 32)))
        let session = AppSession(
            workspace: made.workspace, principal: made.principal, environment: environment,
            token: nil)
        defer { session.close() }
        let report = try session.sync()
        let token = try made.workspace.unlock(
            handle: Handle(answer.user.handle), passphrase: passphrase.key, ttlSeconds: seconds)
        try made.workspace.finishCheckpoint()
        return (report, token, made.sealedDevice)
    }

    /// The first 8 bytes of the answer's owner key in hex, to name it in a refusal.
    static func fingerprint(_ answer: JoinResponse) -> String {
        Hashing.hex(Array(answer.registration.ownerSignPK.bytes.prefix(8)))
    }

    /// Whether `code` reads as an invitation code (24 letters and digits, in any case, with
    /// or without dashes), so a mistyped one is refused before it costs an attempt.
    public static func isInvitationCode(_ code: Passphrase) -> Bool {
        code.key.withBytes { JoinCode.normalized(String(decoding: $0, as: UTF8.self)) } != nil
    }

    /// A fresh name in the target's folder, hidden, that no other join picks.
    static func temporaryPath(beside path: String, random: any RandomSource) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let tag = Hashing.hex(random.bytes(8))
        return "\(folder)/.\(name).join-\(tag)"
    }

    /// Removes a temporary replica and its SQLite side files.
    static func remove(_ temporary: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temporary + suffix) }
    }
}
