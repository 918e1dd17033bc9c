import CoachApp
import CoachCrypto
import CoachKit
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// The owner's sync publishes the inbox key of each athlete's newest epoch, derived from the
/// epoch key; a replica that pulls one checks it derives (else exit 74 naming the signer).
@Suite struct SyncInboxKeyTests {
    /// The inbox keys on the fake server's roster, as athlete/epoch.
    static func onServer(_ server: FakeSyncServer) -> [String] {
        server.state.withLock { $0.roster }.compactMap {
            if case .inboxKey(let k) = $0 { return "\(k.athlete.rawValue)/\(k.epoch)" }
            return nil
        }
    }

    @Test("publishing carries a key per athlete's newest epoch; a sync after a rotation adds one")
    func publishedAndRotated() throws {
        let p = try SyncCheckinRosterTests.published()
        p.owner.close()
        let owner = try AppSession.open(
            p.sandbox.signIn(as: "olivia"), environment: p.owner.environment)
        defer { owner.close() }
        let athletes = try owner.listAthletes().map(\.id)
        #expect(Set(Self.onServer(p.server)) == Set(athletes.map { "\($0.rawValue)/1" }))
        #expect(Self.onServer(p.server).count == athletes.count)
        _ = try owner.sync()
        #expect(Self.onServer(p.server).count == athletes.count)

        try owner.revokeAccess(athlete: Handle("jane"), from: Handle("carl"))
        _ = try owner.sync()
        #expect(Self.onServer(p.server).contains("\(p.jane.rawValue)/2"))
        #expect(Self.onServer(p.server).count == athletes.count + 1)
    }

    @Test("an owner-signed inbox key the epoch key does not derive is exit 74 naming the owner")
    func notDerived() throws {
        let p = try SyncCheckinRosterTests.published()
        p.owner.close()
        let owner = try AppSession.open(
            p.sandbox.signIn(as: "olivia"), environment: p.owner.environment)
        defer { owner.close() }
        let lena = try owner.addAthlete(
            AthleteProfile(handle: "lena", name: "Lena", timeZone: "UTC"))
        var statement = InboxKeyStatement(
            athleteId: lena, epoch: 1, publicKey: try HPKEBase.generateKeyPair().publicKey)
        statement.sign(
            by: owner.principal.signKeys, workspaceId: owner.principal.anchor.workspaceId)
        SyncCheckinRosterTests.plant(p.server, .inboxKey(RosterInboxKey(statement)))
        SyncCheckinRosterTests.expectTampered(owner, naming: "signed by 'olivia'")
        // Nothing of it is kept, and the owner signed no second key for that epoch.
        let held = try owner.workspace.missingInboxKeys(besides: [], as: owner.principal)
        #expect(held.count == 1)
        #expect(Self.onServer(p.server).filter { $0.hasPrefix(lena.rawValue) }.count == 1)
    }
}
