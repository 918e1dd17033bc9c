import CoachApp
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import Foundation
import Testing

/// A new machine joins a published workspace from the server alone (`sync join`), through
/// the use case and the transport seam: the owner's machine A publishes, machine B starts
/// with no file; the replicas are compared as their export JSON.
@Suite struct SyncJoinTests {
    static let code = "ABCD-EFGH-IJKL-MNOP-QRST-UVWX"
    static let server = "http://127.0.0.1:9"

    struct Machines {
        let sandbox: WorkspaceSandbox
        let server: FakeSyncServer
        let folderB: TempFolder
        let envA: AppEnvironment
        let envB: AppEnvironment

        var pathB: String { envB.workspacePath(explicit: nil) }
        var workspaceId: String { server.state.withLock { $0.registration!.workspaceId } }

        /// Invites `handle` with `code` and joins machine B as them.
        func join(
            _ handle: String, code: String = SyncJoinTests.code, passphrase: String? = nil
        ) throws -> JoinReport {
            try server.invite(handle, code: SyncJoinTests.code)
            var bytes = Array(code.utf8)
            let typed = try Passphrase(consuming: &bytes)
            let pass: Passphrase
            if let passphrase {
                var raw = Array(passphrase.utf8)
                pass = try Passphrase(consuming: &raw)
            } else {
                pass = try WorkspaceSandbox.passphrase(handle)
            }
            return try AppWorkspace(SignIn(), environment: envB).join(
                server: try SyncAddress.parse(SyncJoinTests.server), workspaceId: workspaceId,
                handle: Handle(handle), code: typed, passphrase: pass)
        }

        /// `handle`'s export of jane on a machine, as `coach export` writes it.
        func export(_ env: AppEnvironment, as handle: String) throws -> String {
            let s =
                env.workspacePath(explicit: nil) == pathB
                ? try AppSession.open(SignIn(user: Handle(handle)), environment: env)
                : try AppSession.open(sandbox.signIn(as: handle), environment: env)
            defer { s.close() }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return String(
                decoding: try encoder.encode(try s.exportDataset(Handle("jane"))), as: UTF8.self)
        }

        /// What is in B's workspace folder and B's device-key folder.
        var leftovers: [String] {
            let folder = (pathB as NSString).deletingLastPathComponent
            let devices = envB.deviceKeys(for: pathB).directory
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                + ((try? FileManager.default.contentsOfDirectory(atPath: devices)) ?? [])
        }
    }

    /// Machine A's workspace published (after `before` ran as the owner), machine B empty.
    static func published(before: (AppSession) throws -> Void = { _ in }) throws -> Machines {
        let server = FakeSyncServer()
        let sandbox = try WorkspaceSandbox()
        var envA = sandbox.environment
        envA.syncTransport = server
        let a = try AppSession.open(sandbox.signIn(as: "olivia"), environment: envA)
        try before(a)
        _ = try a.logBook(Handle("jane"), date: "2026-11-23").saveWellness(
            mood: 3, doms: ["calves=4"], notes: "before the join")
        _ = try a.publish(server: try SyncAddress.parse(Self.server))
        a.close()
        let folderB = try TempFolder(prefix: "coach-join-b")
        var envB = try TestEnvironment.make(root: folderB.path)
        envB.syncTransport = server
        return Machines(
            sandbox: sandbox, server: server, folderB: folderB, envA: envA, envB: envB)
    }

    @Test("A coach joins on a new machine: signed in, his athlete's data as the owner exports it")
    func coachJoins() throws {
        let m = try Self.published()
        let report = try m.join("carl")
        #expect(report.role == "coach")
        #expect(report.applied > 0)
        #expect(try m.export(m.envB, as: "carl") == (try m.export(m.envA, as: "olivia")))
        // Signed in by the join, as unlock leaves him; the replica passes every check.
        let b = try AppSession.open(SignIn(), environment: m.envB)
        defer { b.close() }
        #expect(b.principal.handle == Handle("carl"))
        #expect(try b.listAthletes().map(\.profile.handle) == ["jane"])
        let audit = try AppWorkspace(SignIn(), environment: m.envB).verifyAudit()
        #expect(audit.ok)
        let failed = try b.doctor(repair: false).filter { !$0.ok }
        #expect(failed.isEmpty, "\(failed)")
    }

    @Test("A change made on the joined machine reaches the owner's, and the exports agree")
    func joinedMachineSyncs() throws {
        let m = try Self.published()
        _ = try m.join("olivia")
        let b = try AppSession.open(SignIn(), environment: m.envB)
        _ = try b.logBook(Handle("jane"), date: "2026-11-24").saveWellness(
            mood: 4, doms: [], notes: "from the laptop")
        #expect(try b.sync().pushed == 1)
        b.close()
        let a = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: m.envA)
        #expect(try a.sync().applied == 1)
        a.close()
        #expect(try m.export(m.envB, as: "olivia") == (try m.export(m.envA, as: "olivia")))
    }

    @Test("A wrong passphrase is refused (exit 77) and leaves no file, key or session")
    func wrongPassphrase() throws {
        let m = try Self.published()
        #expect(throws: StoreError.authenticationFailed) {
            _ = try m.join("carl", passphrase: "not carl's passphrase at all")
        }
        #expect(m.leftovers.isEmpty, "\(m.leftovers)")
        #expect(m.envB.tokens(for: m.pathB).handles().isEmpty)
    }

    @Test("A wrong invitation code is refused by the server and leaves no file")
    func wrongCode() throws {
        let m = try Self.published()
        #expect {
            _ = try m.join("carl", code: "ZZZZ-EFGH-IJKL-MNOP-QRST-UVWX")
        } throws: { error in
            guard case SyncRemoteFailure.refused(let problem) = error else { return false }
            return problem.reason == .badInvitation
        }
        #expect(m.leftovers.isEmpty, "\(m.leftovers)")
    }

    /// Ways a server's roster can be altered: a grant whose signature was changed, and a
    /// coach planted with a certificate copied from another user.
    enum Tampering: String, CaseIterable, Sendable {
        case alteredGrant, plantedCoach

        func apply(to roster: [RosterEntry]) -> [RosterEntry] {
            switch self {
            case .alteredGrant:
                return roster.map { entry in
                    guard case .grant(var grant) = entry else { return entry }
                    var signature = grant.signature.bytes
                    signature[0] ^= 1
                    grant.signature = SyncBytes(signature)
                    return .grant(grant)
                }
            case .plantedCoach:
                var planted: [RosterEntry] = []
                for case .user(var user) in roster where user.handle == "carl" {
                    user.userId = UserID("u-mallory")
                    user.handle = "mallory"
                    planted.append(.user(user))
                }
                return roster + planted
            }
        }
    }

    @Test(
        "A tampered roster is tampering (exit 74) and leaves no file",
        arguments: Tampering.allCases)
    func tamperedRoster(_ tampering: Tampering) throws {
        let m = try Self.published()
        m.server.state.withLock { $0.roster = tampering.apply(to: $0.roster) }
        #expect {
            _ = try m.join("carl")
        } throws: { error in
            if case StoreError.tampered = error { return true }
            return false
        }
        #expect(m.leftovers.isEmpty, "\(m.leftovers)")
    }

    @Test("An athlete who enrolled with a code is told to have her grant given again, then joins")
    func enrolledAthlete() throws {
        let m = try Self.published { owner in
            var code = Array(
                try owner.addUserForEnrolment(
                    Handle("jane"), role: .athlete, athlete: Handle("jane")
                )
                .utf8)
            try AppSession.enrol(
                SignIn(), environment: owner.environment, handle: Handle("jane"),
                code: try Passphrase(consuming: &code),
                newPassphrase: try WorkspaceSandbox.passphrase("jane"))
        }
        #expect {
            _ = try m.join("jane")
        } throws: { error in
            guard case StoreError.permissionDenied(let why) = error else { return false }
            return why.contains("sealed to the keys of your enrolment code")
        }
        #expect(m.leftovers.isEmpty, "\(m.leftovers)")
        let a = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: m.envA)
        try a.grantAccess(athlete: Handle("jane"), to: Handle("jane"))
        a.close()
        #expect(try m.join("jane").role == "athlete")
        #expect(try m.export(m.envB, as: "jane") == (try m.export(m.envA, as: "olivia")))
    }

    @Test("A join where a workspace file already is refuses before asking the server")
    func fileExists() throws {
        let m = try Self.published()
        _ = FileManager.default.createFile(atPath: m.pathB, contents: Data("mine".utf8))
        #expect(throws: StoreError.workspaceExists(m.pathB)) { _ = try m.join("carl") }
        #expect(m.server.state.withLock { $0.invitations["carl"] } != nil)
        #expect(FileManager.default.contents(atPath: m.pathB) == Data("mine".utf8))
    }

    /// The fake server, but another workspace's file, with its device key of the joining user,
    /// lands at B's path right after the server answers the join.
    struct RacingTransport: SyncTransport {
        let server: FakeSyncServer
        let path: String
        let environment: AppEnvironment
        let joined = LockedValue<String?>(nil)
        static let otherKey: [UInt8] = Array(repeating: 7, count: 80)

        func send(_ request: SyncHTTPRequest, to url: URL) throws -> SyncHTTPResponse {
            let response = try server.send(request, to: url)
            if request.path.hasSuffix("/join") {
                let user = try SyncJSON.decode(JoinResponse.self, from: response.body).user
                _ = FileManager.default.createFile(atPath: path, contents: Data("other".utf8))
                try environment.deviceKeys(for: path).save(
                    Self.otherKey, userId: user.userId.rawValue)
                joined.withLock { $0 = user.userId.rawValue }
            }
            return response
        }
    }

    @Test("A workspace file that appears while joining keeps its own device key, no session")
    func fileAppearsWhileJoining() throws {
        let m = try Self.published()
        var envB = m.envB
        let racing = RacingTransport(
            server: m.server, path: m.pathB, environment: envB)
        envB.syncTransport = racing
        let raced = Machines(
            sandbox: m.sandbox, server: m.server, folderB: m.folderB, envA: m.envA, envB: envB)
        #expect(throws: StoreError.workspaceExists(m.pathB)) { _ = try raced.join("carl") }
        #expect(FileManager.default.contents(atPath: m.pathB) == Data("other".utf8))
        let carl = try #require(racing.joined.withLock { $0 })
        #expect(try envB.deviceKeys(for: m.pathB).load(userId: carl) == RacingTransport.otherKey)
        #expect(try envB.tokens(for: m.pathB).load(handle: "carl") == nil)
    }
}
