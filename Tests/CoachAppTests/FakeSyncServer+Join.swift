import CoachApp
import CoachKit
import CoachSync

extension FakeSyncServer {
    /// `POST …/join`: the registration, the newest entry of the user (with the sealed key row
    /// of their newest key-row entry, as the real server answers) and the invitation's binding, once, for the proof of a live invitation's code; anything else is
    /// `bad_invitation` and burns nothing here.
    func join(_ request: JoinRequest) throws -> SyncHTTPResponse {
        try state.withLock { s in
            var user: RosterUser?
            for case .user(let u) in s.roster where u.handle == request.handle { user = u }
            if let id = user?.userId, let sealed = RosterIndex(s.roster).sealedKeys[id] {
                user?.sealedKeys = SyncBytes(sealed)
            }
            guard let proof = JoinCode.normalized(request.code), let user,
                let invitation = s.invitations[request.handle], let registration = s.registration,
                invitation.verifier.bytes
                    == JoinCode.verifier(
                        workspace: registration.workspaceId, user: user.userId, code: proof)
            else {
                return SyncHTTPResponse(
                    status: 403,
                    body: try SyncJSON.encode(
                        SyncProblem(status: 403, reason: .badInvitation, message: "no")))
            }
            s.invitations[request.handle] = nil
            return try ok(
                JoinResponse(
                    registration: registration, user: user,
                    rosterHead: RosterHead.empty.appending(contentsOf: s.roster),
                    binding: invitation.binding.bytes))
        }
    }

    /// Registers an invitation of `handle` for `code` as the inviting owner's machine makes it
    /// (`AppSession.invite`): the verifier of the code's proof and the code's binding of the
    /// registration the owner published.
    func invite(_ handle: String, code: String) throws {
        let normalized = JoinCode.normalized(code) ?? code
        try state.withLock { s in
            guard let registration = s.registration else { return }
            var user: UserID?
            for case .user(let u) in s.roster where u.handle == handle { user = u.userId }
            let id = user ?? UserID("u-unknown")
            let key = try JoinCode.bindingKey(
                workspace: registration.workspaceId, user: id, code: normalized)
            s.invitations[handle] = InvitationRequest(
                handle: handle,
                verifier: JoinCode.verifier(
                    workspace: registration.workspaceId, user: id,
                    code: JoinCode.proof(of: normalized)),
                binding: JoinCode.binding(
                    of: registration, head: RosterHead.empty.appending(contentsOf: s.roster),
                    key: key),
                expiresIn: 600)
        }
    }
}
