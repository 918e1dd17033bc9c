import CoachApp
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import Foundation
import Testing

/// A hostile server serves a roster with genuine entries left out (here the owner's removal of
/// an athlete): at a join, the roster must extend the head the invitation bound; at any later
/// read, the head the replica verified last. Either is tampering (exit 74) naming the server.
@Suite struct SyncRosterHeadTests {
    /// The fake server, every roster page it answers with the entries `drop` picks left out
    /// and its head made again over what is left (so the page chains to its head).
    struct Omitting: SyncTransport {
        let server: FakeSyncServer
        let drop: @Sendable (RosterEntry) -> Bool

        func send(_ request: SyncHTTPRequest, to url: URL) throws -> SyncHTTPResponse {
            let response = try server.send(request, to: url)
            guard request.method == "GET", request.path.contains("/roster"),
                response.status == 200
            else { return response }
            var page = try SyncJSON.decode(RosterPage.self, from: response.body)
            page.entries.removeAll(where: drop)
            page.head = RosterHead.empty.appending(contentsOf: page.entries)
            return SyncHTTPResponse(status: 200, body: try SyncJSON.encode(page))
        }
    }

    static func isRemoval(_ entry: RosterEntry) -> Bool {
        if case .removal = entry { return true }
        return false
    }

    /// Tampering that names the server and the roster's extension.
    static func omission(_ error: any Error) -> Bool {
        guard case StoreError.tampered(let what, _) = error else { return false }
        return what.contains("does not extend") && what.contains(SyncJoinTests.server)
            && (error as? any CoachFailure)?.category == .corrupt
    }

    @Test("A join served a roster without the removal the inviter saw is 74, leaving nothing")
    func joinOmission() throws {
        let m = try SyncJoinTests.published()
        let owner = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: m.envA)
        try owner.removeAthlete(Handle("bert"))
        owner.close()
        var envB = m.envB
        envB.syncTransport = Omitting(server: m.server, drop: Self.isRemoval)
        let hostile = SyncJoinTests.Machines(
            sandbox: m.sandbox, server: m.server, folderB: m.folderB, envA: m.envA, envB: envB)
        #expect { _ = try hostile.join("carl") } throws: { Self.omission($0) }
        #expect(hostile.leftovers.isEmpty, "\(hostile.leftovers)")
    }

    @Test("A roster read after a sync that leaves out an entry verified then is 74, naming it")
    func laterOmission() throws {
        let m = try SyncJoinTests.published()
        _ = try m.join("carl")
        let owner = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: m.envA)
        let bert = try owner.athlete(Handle("bert")).id
        try owner.removeAthlete(Handle("bert"))
        owner.close()
        let carl = try AppSession.open(SignIn(), environment: m.envB)
        _ = try carl.sync()
        carl.close()
        // Another membership change moves the head, so the next sync reads the roster again:
        // the server serves it without the removal the replica verified.
        let owner2 = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: m.envA)
        try owner2.removeAthlete(Handle("jane"))
        owner2.close()
        var envB = m.envB
        envB.syncTransport = Omitting(server: m.server) { entry in
            if case .removal(let removal) = entry { return removal.athleteId == bert }
            return false
        }
        let hostile = try AppSession.open(SignIn(), environment: envB)
        defer { hostile.close() }
        #expect { _ = try hostile.sync() } throws: { Self.omission($0) }
    }

    @Test("A membership change checked on a roster without a verified entry is 74, not made")
    func gateOmission() throws {
        let m = try SyncJoinTests.published()
        _ = try m.join("carl")
        let owner = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: m.envA)
        let bert = try owner.athlete(Handle("bert")).id
        try owner.removeAthlete(Handle("bert"))
        owner.close()
        let carl = try AppSession.open(SignIn(), environment: m.envB)
        _ = try carl.sync()
        carl.close()
        var envB = m.envB
        envB.syncTransport = Omitting(server: m.server) { entry in
            if case .removal(let removal) = entry { return removal.athleteId == bert }
            return false
        }
        let hostile = try AppSession.open(SignIn(), environment: envB)
        defer { hostile.close() }
        #expect {
            _ = try hostile.addAthlete(
                AthleteProfile(handle: "lena", name: "Lena", timeZone: "UTC"))
        } throws: { Self.omission($0) }
        #expect(throws: (any Error).self) { try hostile.athlete(Handle("lena")) }
    }
}
