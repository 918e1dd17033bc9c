import CoachApp
import CoachCrypto
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import Foundation
import Testing

/// `sync invite` as a use case: the code is made from the random seam, only its verifier —
/// bound to the workspace and the user id the server's roster holds — crosses the wire, and
/// who may invite whom is checked before anything is sent.
@Suite struct SyncInviteTests {
    /// The fake server, plus the roster page and the invitation route, recording every body.
    final class InvitingServer: SyncTransport {
        let inner = FakeSyncServer()
        let roster = LockedValue<RosterPage?>(nil)
        let requests = LockedValue<[SyncHTTPRequest]>([])

        func send(_ request: SyncHTTPRequest, to server: URL) throws -> SyncHTTPResponse {
            requests.withLock { $0.append(request) }
            if request.path.contains("/roster?after="), let page = roster.withLock({ $0 }) {
                return SyncHTTPResponse(status: 200, body: try SyncJSON.encode(page))
            }
            if request.path.hasSuffix("/invitations") {
                let body = try SyncJSON.decode(InvitationRequest.self, from: request.body ?? [])
                let user = roster.withLock { $0 }?.entries.compactMap { entry -> UserID? in
                    if case .user(let u) = entry, u.handle == body.handle { return u.userId }
                    return nil
                }.first
                return SyncHTTPResponse(
                    status: 201,
                    body: try SyncJSON.encode(
                        InvitationResponse(
                            user: user ?? "?", expiresAt: 1_764_100_000_000 + body.expiresIn * 1000,
                            attempts: SyncLimits.invitationAttempts)))
            }
            return try inner.send(request, to: server)
        }

        /// The invitation requests sent.
        var invitations: [InvitationRequest] {
            requests.withLock { $0 }.filter { $0.path.hasSuffix("/invitations") }.compactMap {
                try? SyncJSON.decode(InvitationRequest.self, from: $0.body ?? [])
            }
        }
    }

    /// A synced sandbox whose server serves the roster the owner would publish.
    static func synced() throws -> (WorkspaceSandbox, AppEnvironment, InvitingServer) {
        let server = InvitingServer()
        let sandbox = try WorkspaceSandbox()
        var environment = sandbox.environment
        environment.syncTransport = server
        let owner = try AppSession.open(sandbox.signIn(as: "olivia"), environment: environment)
        let publication = try owner.workspace.publication(as: owner.principal)
        owner.close()
        server.roster.withLock {
            $0 = RosterPage(
                registration: publication.registration, after: 0, entries: publication.roster,
                head: RosterHead.empty.appending(contentsOf: publication.roster), done: true)
        }
        let first = try AppSession.open(sandbox.signIn(as: "olivia"), environment: environment)
        defer { first.close() }
        _ = try first.publish(server: URL(string: "http://sync.test")!)
        return (sandbox, environment, server)
    }

    @Test("the owner's invitation sends only the verifier of the printed code, for the user's id")
    func verifierOnly() throws {
        let (sandbox, environment, server) = try Self.synced()
        let session = try AppSession.open(sandbox.signIn(as: "olivia"), environment: environment)
        defer { session.close() }
        let report = try session.invite(Handle("carl"), expiresIn: 3_600)
        let code = try #require(JoinCode.normalized(report.code))
        let sent = try #require(server.invitations.first)
        let carl = try #require(
            server.roster.withLock { $0 }?.entries.compactMap { entry -> UserID? in
                if case .user(let u) = entry, u.handle == "carl" { return u.userId }
                return nil
            }.first)
        #expect(sent.handle == "carl")
        #expect(sent.expiresIn == 3_600)
        // The verifier is of the code's proof (what a join sends), and the binding is the
        // registration's MAC under the code's binding key (issue 26, part D).
        #expect(
            sent.verifier.bytes
                == JoinCode.verifier(
                    workspace: report.workspace, user: carl, code: JoinCode.proof(of: code)))
        let registration = try #require(server.roster.withLock { $0 }?.registration)
        let key = try JoinCode.bindingKey(workspace: report.workspace, user: carl, code: code)
        let head = try #require(server.roster.withLock { $0 }?.head)
        #expect(sent.binding.bytes == JoinCode.binding(of: registration, head: head, key: key))
        #expect(report.user == "carl")
        #expect(report.attempts == SyncLimits.invitationAttempts)
        // The code itself is in no request, in any spelling.
        for request in server.requests.withLock({ $0 }) {
            let body = String(decoding: request.body ?? [], as: UTF8.self)
            #expect(!body.contains(code) && !body.contains(report.code))
        }
        // A second invitation is another code.
        #expect(try session.invite(Handle("carl"), expiresIn: 60).code != report.code)
    }

    @Test("a coach invites only themselves: another user is refused before anything is sent")
    func coachInvitesSelfOnly() throws {
        let (sandbox, environment, server) = try Self.synced()
        let coach = try AppSession.open(sandbox.signIn(as: "carl"), environment: environment)
        defer { coach.close() }
        let before = server.requests.withLock { $0.count }
        #expect(throws: StoreError.self) { try coach.invite(Handle("olivia"), expiresIn: 60) }
        #expect(server.requests.withLock { $0.count } == before)
    }

    @Test("a user the server's roster lacks is not found; a workspace that never synced is refused")
    func notFound() throws {
        let (sandbox, environment, server) = try Self.synced()
        let session = try AppSession.open(sandbox.signIn(as: "olivia"), environment: environment)
        defer { session.close() }
        #expect(throws: SyncRemoteFailure.self) {
            try session.invite(Handle("nobody"), expiresIn: 60)
        }
        #expect(server.invitations.isEmpty)
        let plain = try WorkspaceSandbox()
        let local = try plain.session()
        defer { local.close() }
        #expect(throws: SyncFailure.notSynced) { try local.invite(nil, expiresIn: 60) }
    }
}
