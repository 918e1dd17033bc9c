import CoachApp
import CoachKit
import CoachSync

extension FakeSyncServer {
    /// `POST …/join`: the registration and the newest entry of the user, once, for the code
    /// of a live invitation; anything else is `bad_invitation` and burns nothing here.
    func join(_ request: JoinRequest) throws -> SyncHTTPResponse {
        try state.withLock { s in
            guard let code = JoinCode.normalized(request.code),
                s.invitations[request.handle] == code, let registration = s.registration
            else {
                return SyncHTTPResponse(
                    status: 403,
                    body: try SyncJSON.encode(
                        SyncProblem(status: 403, reason: .badInvitation, message: "no")))
            }
            s.invitations[request.handle] = nil
            var user: RosterUser?
            for case .user(let u) in s.roster where u.handle == request.handle { user = u }
            guard let user else { return SyncHTTPResponse(status: 404, body: []) }
            return try ok(
                JoinResponse(
                    registration: registration, user: user,
                    rosterHead: RosterHead.empty.appending(contentsOf: s.roster)))
        }
    }
}
