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

        let key = try #require(
            server.state.withLock { $0.roster }.compactMap { entry -> RosterInboxKey? in
                if case .inboxKey(let k) = entry, k.athlete == jane { return k }
                return nil
            }.last)
        var item = CheckinItem(
            workspace: server.state.withLock { $0.registration?.workspaceId } ?? "",
            athlete: jane, item: UUID().uuidString.lowercased(), day: today.description,
            device: phone.0.deviceId, epoch: key.epoch, enc: [], ciphertext: [], sentAt: 7)
        let padded = try #require(
            CheckinPadding.pad(try SyncCheckinIngestTests.typed.encoded()))
        let sealed = try HPKEBase.seal(
            padded, to: key.publicKey.bytes, info: item.info, aad: item.aad, aead: .aes256GCM)
        item.enc = sealed.enc
        item.ciphertext = sealed.ciphertext
        item.sign(by: phone.1)
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
}
