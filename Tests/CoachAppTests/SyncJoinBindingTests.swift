import CoachApp
import CoachCrypto
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import Foundation
import Testing

/// A hostile server cannot present a workspace of its own making to a joining machine: the
/// invitation code binds the owner's registration (a MAC under a key derived from the code,
/// which the server never sees), and the join checks it before it trusts anything else.
@Suite struct SyncJoinBindingTests {
    /// What a hostile server does to the join answer.
    enum Forgery: String, CaseIterable, Sendable {
        /// A registration of the same workspace and owner id under an owner key of its own.
        case ownOwnerKey
        /// The genuine registration, without the invitation's binding.
        case noBinding
        /// The genuine registration with a binding the server made under its own key.
        case bindingOfItsOwn

        func apply(to answer: inout JoinResponse) throws {
            switch self {
            case .ownOwnerKey:
                let mallory = try SigningKeyPair.generate()
                var forged = WorkspaceRegistration(
                    workspaceId: answer.registration.workspaceId,
                    ownerUserId: answer.registration.ownerUserId,
                    ownerSignPK: mallory.publicKey, createdAt: answer.registration.createdAt)
                forged.sign(by: mallory)
                answer.registration = forged
            case .noBinding:
                answer.binding = SyncBytes([])
            case .bindingOfItsOwn:
                var bytes = Array(repeating: UInt8(9), count: 32)
                let key = try SecretKey(consuming: &bytes)
                answer.binding = SyncBytes(
                    JoinCode.binding(of: answer.registration, head: .empty, key: key))
            }
        }
    }

    /// The fake server, with its join answer forged.
    struct ForgingTransport: SyncTransport {
        let server: FakeSyncServer
        let forgery: Forgery

        func send(_ request: SyncHTTPRequest, to url: URL) throws -> SyncHTTPResponse {
            let response = try server.send(request, to: url)
            guard request.path.hasSuffix("/join"), response.status == 200 else { return response }
            var answer = try SyncJSON.decode(JoinResponse.self, from: response.body)
            try forgery.apply(to: &answer)
            return SyncHTTPResponse(status: 200, body: try SyncJSON.encode(answer))
        }
    }

    @Test(
        "An owner key the code does not bind is tampering (74) before any use, leaving nothing",
        arguments: Forgery.allCases)
    func forgedOwner(_ forgery: Forgery) throws {
        let m = try SyncJoinTests.published()
        var envB = m.envB
        envB.syncTransport = ForgingTransport(server: m.server, forgery: forgery)
        let forged = SyncJoinTests.Machines(
            sandbox: m.sandbox, server: m.server, folderB: m.folderB, envA: m.envA, envB: envB)
        let pushes = m.server.state.withLock { $0.rosterPushes }
        let entries = m.server.state.withLock { $0.roster.count }
        #expect {
            _ = try forged.join("carl")
        } throws: { error in
            guard case StoreError.tampered(let what, _) = error else { return false }
            // Tampering: the CLI maps the category to exit 74.
            return what.contains("not the one the invitation code was made for")
                && (error as? any CoachFailure)?.category == .corrupt
        }
        #expect(forged.leftovers.isEmpty, "\(forged.leftovers)")
        #expect(m.server.state.withLock { $0.rosterPushes } == pushes)
        #expect(m.server.state.withLock { $0.roster.count } == entries)
    }

    /// Every request a transport sent, passed on to the fake server.
    final class Recording: SyncTransport {
        let server: FakeSyncServer
        let bodies = LockedValue<[String]>([])

        init(_ server: FakeSyncServer) { self.server = server }

        func send(_ request: SyncHTTPRequest, to url: URL) throws -> SyncHTTPResponse {
            bodies.withLock { $0.append(String(decoding: request.body ?? [], as: UTF8.self)) }
            return try server.send(request, to: url)
        }
    }

    @Test("The owner's invitation lets a new machine join, and no request carries the code")
    func inviteThenJoin() throws {
        let m = try SyncJoinTests.published()
        let recording = Recording(m.server)
        var envA = m.envA
        envA.syncTransport = recording
        var envB = m.envB
        envB.syncTransport = recording
        let owner = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: envA)
        let invitation = try owner.invite(Handle("carl"), expiresIn: 600)
        owner.close()
        var typed = Array(invitation.code.utf8)
        let joined = try AppWorkspace(SignIn(), environment: envB).join(
            server: try SyncAddress.parse(SyncJoinTests.server), workspaceId: m.workspaceId,
            handle: Handle("carl"), code: try Passphrase(consuming: &typed),
            passphrase: try WorkspaceSandbox.passphrase("carl"))
        #expect(joined.role == "coach")
        let code = try #require(JoinCode.normalized(invitation.code))
        for body in recording.bodies.withLock({ $0 }) {
            #expect(!body.contains(code) && !body.contains(invitation.code))
        }
    }

    @Test(
        "Text that is no invitation code is refused before any request, not bound to no code",
        arguments: ["not a code", "ABCD-EFGH-IJKL-MNOP-QRST-UVW", "ABCD-EFGH-IJKL-MNOP-QRST-UVW1"]
    )
    func notACode(_ text: String) throws {
        let m = try SyncJoinTests.published()
        let recording = Recording(m.server)
        var envB = m.envB
        envB.syncTransport = recording
        var typed = Array(text.utf8)
        let code = try Passphrase(consuming: &typed)
        #expect(throws: SyncFailure.notInvitationCode) {
            _ = try AppWorkspace(SignIn(), environment: envB).join(
                server: try SyncAddress.parse(SyncJoinTests.server), workspaceId: m.workspaceId,
                handle: Handle("carl"), code: code,
                passphrase: try WorkspaceSandbox.passphrase("carl"))
        }
        #expect(recording.bodies.withLock { $0 }.isEmpty)
        let made = SyncJoinTests.Machines(
            sandbox: m.sandbox, server: m.server, folderB: m.folderB, envA: m.envA, envB: envB)
        #expect(made.leftovers.isEmpty, "\(made.leftovers)")
    }
}
