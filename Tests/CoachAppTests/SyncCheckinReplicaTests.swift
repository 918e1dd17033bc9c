import CoachApp
import CoachCrypto
import CoachKit
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// A check-in ingested on one replica reaches the others as an ordinary record: a granted
/// coach's replica writes it, the owner's other machine pulls it, and a redelivery of the same
/// item to that machine (the first ack lost) makes no second record.
@Suite struct SyncCheckinReplicaTests {
    @Test("a coach's replica ingests; the owner's other machine pulls it; exports equal")
    func coachIngestsOthersPull() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let owner = try m.session(m.envA)
        let jane = try owner.athlete(Handle("jane")).id
        let phone = try SyncCheckinRosterTests.phone(jane, approver: owner.principal)
        let today = try owner.logBook(Handle("jane"), date: "today").day
        owner.close()
        SyncCheckinRosterTests.plant(server, .checkinDevice(RosterCheckinDevice(phone.0)))
        for environment in [m.envA, nil, m.envB] { try SyncSharedMachineTests.sync(m, environment) }

        let item = try Self.sealed(
            SyncCheckinIngestTests.typed, day: today, phone: phone, server: server)
        try server.post(item)

        // Carl (a coach granted jane) ingests on machine A; the ack is lost.
        server.state.withLock { $0.inbox.loseNextAck = true }
        #expect(throws: SyncRemoteFailure.self) { try SyncSharedMachineTests.sync(m, nil) }
        server.expireLeases()
        // Machine B pulls carl's record, then claims the redelivered item: no second record.
        let b = try SyncSharedMachineTests.sync(m, m.envB)
        #expect(b.applied == 1 && b.checkins.ingested == 0 && b.checkins.problems.isEmpty)
        #expect(server.state.withLock { $0.inbox.items.isEmpty })
        try SyncSharedMachineTests.sync(m, m.envA)
        let export = try m.export(m.envA)
        #expect(export == (try m.export(m.envB)))
        #expect(export.components(separatedBy: item.item).count == 2)
    }

    @Test("the athlete's own joined replica ingests; a coach's replica pulls it; exports equal")
    func athleteIngestsCoachPulls() throws {
        let m = try SyncJoinTests.published { owner in
            var code = Array(
                try owner.addUserForEnrolment(
                    Handle("jane"), role: .athlete, athlete: Handle("jane")
                ).utf8)
            try AppSession.enrol(
                SignIn(), environment: owner.environment, handle: Handle("jane"),
                code: try Passphrase(consuming: &code),
                newPassphrase: try WorkspaceSandbox.passphrase("jane"))
        }
        let owner = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: m.envA)
        try owner.grantAccess(athlete: Handle("jane"), to: Handle("jane"))
        let jane = try owner.athlete(Handle("jane")).id
        let phone = try SyncCheckinRosterTests.phone(jane, approver: owner.principal)
        owner.close()
        SyncCheckinRosterTests.plant(m.server, .checkinDevice(RosterCheckinDevice(phone.0)))
        #expect(try m.join("jane").role == "athlete")
        let carl = try AppSession.open(m.sandbox.signIn(as: "carl"), environment: m.envA)
        try carl.ensureDevice()
        _ = try carl.sync()
        carl.close()

        let athlete = try AppSession.open(SignIn(), environment: m.envB)
        let today = try athlete.logBook(nil, date: "today").day
        let item = try Self.sealed(
            SyncCheckinIngestTests.typed, day: today, phone: phone, server: m.server)
        try m.server.post(item)
        let ingested = try athlete.sync()
        athlete.close()
        #expect(ingested.checkins.ingested == 1 && ingested.pushed == 1)
        let coach = try AppSession.open(m.sandbox.signIn(as: "carl"), environment: m.envA)
        let pulled = try coach.sync()
        coach.close()
        #expect(pulled.applied == 1 && pulled.checkins.ingested == 0)
        let export = try m.export(m.envB, as: "jane")
        #expect(export == (try m.export(m.envA, as: "carl")))
        #expect(export.components(separatedBy: item.item).count == 2)
    }

    /// A check-in of `phone` sealed to jane's newest inbox key on the server's roster.
    static func sealed(
        _ content: CheckinContent, day: LocalDay,
        phone: (CheckinDeviceCertificate, SigningKeyPair), server: FakeSyncServer
    ) throws -> CheckinItem {
        let athlete = phone.0.athleteId
        let key = try #require(
            server.state.withLock { $0.roster }.compactMap { entry -> RosterInboxKey? in
                if case .inboxKey(let k) = entry, k.athlete == athlete { return k }
                return nil
            }.last)
        var item = CheckinItem(
            workspace: server.state.withLock { $0.registration?.workspaceId } ?? "",
            athlete: athlete, item: UUID().uuidString.lowercased(), day: day.description,
            device: phone.0.deviceId, epoch: key.epoch, enc: [], ciphertext: [], sentAt: 7)
        let padded = try #require(CheckinPadding.pad(try content.encoded()))
        let sealed = try HPKEBase.seal(
            padded, to: key.publicKey.bytes, info: item.info, aad: item.aad, aead: .aes256GCM)
        item.enc = sealed.enc
        item.ciphertext = sealed.ciphertext
        item.sign(by: phone.1)
        return item
    }
}
