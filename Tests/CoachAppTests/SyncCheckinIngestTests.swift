import CoachApp
import CoachCrypto
import CoachKit
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// `coach sync` ingests what phones sent: each item checked against its phone's certificate
/// in the replica, opened with the epoch's inbox key, validated as `log mood` validates, and
/// written as a wellness record whose origin is the phone; then pushed and acknowledged. A
/// Swift "phone" seals with `HPKEBase` as the page does.
@Suite struct SyncCheckinIngestTests {
    /// A published workspace with an approved phone of jane's on the roster, pulled.
    struct Setup {
        let p: SyncCheckinRosterTests.Published
        let phoneKeys: SigningKeyPair
        let phone: CheckinDeviceCertificate
        let today: LocalDay

        var server: FakeSyncServer { p.server }
        var owner: AppSession { p.owner }

        /// A check-in of jane's phone, sealed to jane's inbox key and signed.
        func item(
            _ content: CheckinContent, day: LocalDay? = nil, athlete: AthleteID? = nil,
            sentAt: Int64 = 1_764_000_000_000, tamper: (inout CheckinItem) -> Void = { _ in }
        ) throws -> CheckinItem {
            let athlete = athlete ?? p.jane
            let key = try #require(
                server.state.withLock { $0.roster }.compactMap { entry -> RosterInboxKey? in
                    if case .inboxKey(let k) = entry, k.athlete == athlete { return k }
                    return nil
                }.last)
            var item = CheckinItem(
                workspace: owner.principal.anchor.workspaceId, athlete: athlete,
                item: UUID().uuidString.lowercased(), day: (day ?? today).description,
                device: phone.deviceId, epoch: key.epoch, enc: [], ciphertext: [],
                sentAt: sentAt)
            let padded = try #require(CheckinPadding.pad(try content.encoded()))
            let sealed = try HPKEBase.seal(
                padded, to: key.publicKey.bytes, info: item.info, aad: item.aad,
                aead: .aes256GCM)
            item.enc = sealed.enc
            item.ciphertext = sealed.ciphertext
            tamper(&item)
            item.sign(by: phoneKeys)
            return item
        }

        /// Jane's wellness entries of `day` on the owner's replica.
        func wellness(_ day: LocalDay? = nil) throws -> [WellnessEntry] {
            let book = try owner.logBook(Handle("jane"), date: (day ?? today).description)
            return try owner.workspace.records(
                of: book.athlete, monthsFrom: book.day, through: book.day
            ).wellness.filter { $0.day == book.day }
        }

        var acks: [InboxAckRequest.Ack] { server.state.withLock { $0.inbox.acks } }
        var waiting: Int { server.state.withLock { $0.inbox.items.count } }
    }

    static let typed = CheckinContent(mood: 4, doms: ["quads": 6], notes: "x")

    static func setup() throws -> Setup {
        let p = try SyncCheckinRosterTests.published()
        let phone = try SyncCheckinRosterTests.phone(p.jane, approver: p.owner.principal)
        SyncCheckinRosterTests.plant(p.server, .checkinDevice(RosterCheckinDevice(phone.0)))
        _ = try p.owner.sync()
        let today = try p.owner.logBook(Handle("jane"), date: "today").day
        return Setup(p: p, phoneKeys: phone.1, phone: phone.0, today: today)
    }

    /// The failure of a sync, which must be exit 74 naming `naming`.
    static func expectTampered(_ s: Setup, naming: String) {
        do {
            _ = try s.owner.sync()
            Issue.record("a forged check-in was accepted")
        } catch let failure as any CoachFailure {
            #expect(failure.category == .corrupt)
            #expect(failure.problemDescription.contains(naming), "\(failure.problemDescription)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("a check-in is written as log mood writes it, its origin the phone, pushed and acked")
    func writtenAsLogMood() throws {
        let s = try Self.setup()
        defer { s.owner.close() }
        let item = try s.item(Self.typed)
        try s.server.post(item)
        let stored = s.server.stored
        let report = try s.owner.sync()
        #expect(report.checkins.ingested == 1)
        #expect(report.checkins.problems.isEmpty)
        #expect(report.pushed == 1 && s.server.stored == stored + 1)
        #expect(s.acks == [InboxAckRequest.Ack(item: item.item, outcome: .applied)])
        #expect(s.waiting == 0)

        let logged = try s.owner.logBook(Handle("jane"), date: "today")
            .saveWellness(mood: 4, doms: ["quads=6"], notes: "x")
        let entries = try s.wellness()
        let fromPhone = try #require(entries.first { $0.origin != nil })
        let typed = try #require(entries.first { $0.id == logged.id.rawValue })
        #expect(
            fromPhone.origin
                == WellnessOrigin(
                    device: s.phone.deviceId.rawValue, item: item.item, sentAt: item.sentAt))
        var same = fromPhone
        same.id = typed.id
        same.origin = nil
        #expect(same == typed)
    }

    /// The refusal `log mood` gives for the same values, in the library's words.
    static func logMoodRefusal(_ s: Setup, _ content: CheckinContent, day: LocalDay) -> String {
        do {
            _ = try s.owner.logBook(Handle("jane"), date: day.description)
                .saveWellness(mood: content.mood, doms: content.domsLevels, notes: nil)
            return "accepted"
        } catch let failure as any CoachFailure {
            return failure.problemDescription
        } catch {
            return "\(error)"
        }
    }

    @Test(
        "a check-in log mood would refuse is refused with its words and acked, the rest written",
        arguments: [
            (CheckinContent(mood: 6), 0), (CheckinContent(mood: 4, doms: ["quads": 11]), 0),
            (CheckinContent(mood: 4, doms: ["elbows": 3]), 0), (CheckinContent(mood: 4), 1),
        ])
    func refusedAsLogMood(content: CheckinContent, daysAhead: Int) throws {
        let s = try Self.setup()
        defer { s.owner.close() }
        let day = s.today.adding(days: daysAhead)
        let bad = try s.item(content, day: day, sentAt: 1)
        let good = try s.item(Self.typed, sentAt: 2)
        try s.server.post(bad)
        try s.server.post(good)
        let report = try s.owner.sync()
        let expected = Self.logMoodRefusal(s, content, day: day)
        #expect(expected != "accepted")
        #expect(report.checkins.ingested == 1 && report.checkins.refused == 1)
        let problem = try #require(report.checkins.problems.first)
        #expect(problem.reason == expected)
        #expect(problem.phone == s.phone.name && problem.day == day.description)
        #expect(problem.outcome == .refused && problem.item == bad.item)
        #expect(Set(s.acks.map(\.outcome)) == [.refused, .applied])
        // The server learns that it was refused, not what it held.
        #expect(s.acks.first { $0.outcome == .refused }?.reason == "invalid")
        #expect(s.waiting == 0)
        #expect(try s.wellness().compactMap(\.origin?.item) == [good.item])
    }

    @Test("a flipped ciphertext bit under a valid signature is refused naming the phone")
    func flippedBitRefused() throws {
        let s = try Self.setup()
        defer { s.owner.close() }
        let item = try s.item(Self.typed) { $0.ciphertext[5] ^= 0x01 }
        try s.server.post(item)
        let report = try s.owner.sync()
        #expect(report.checkins.refused == 1 && report.checkins.ingested == 0)
        let problem = try #require(report.checkins.problems.first)
        #expect(problem.phone == "Jane's phone")
        #expect(problem.reason.contains("does not open"))
        #expect(s.acks.map(\.outcome) == [.refused])
        #expect(s.acks.first?.reason == "did not open")
        #expect(try s.wellness().isEmpty)
    }

    @Test("a bad signature is exit 74: the server's database was altered; nothing written")
    func badSignatureTampered() throws {
        let s = try Self.setup()
        defer { s.owner.close() }
        var item = try s.item(Self.typed)
        item.ciphertext[5] ^= 0x01
        try s.server.post(item)
        Self.expectTampered(s, naming: "not signed by phone 'Jane's phone'")
        #expect(s.acks.isEmpty)
        #expect(try s.wellness().isEmpty)
    }

    @Test("an item of jane's phone naming another athlete is exit 74; nothing written")
    func anotherAthleteTampered() throws {
        let s = try Self.setup()
        defer { s.owner.close() }
        let bert = try s.owner.athlete(Handle("bert")).id
        let good = try s.item(Self.typed)
        let item = try s.item(Self.typed, athlete: bert)
        try s.server.post(good)
        try s.server.post(item)
        Self.expectTampered(s, naming: "checks in for another athlete")
        #expect(s.acks.isEmpty)
        // Nothing of the page applies, not even the good item before it.
        #expect(try s.wellness().isEmpty)
    }

    @Test("a revoked phone's check-ins are dropped unread, reported and acked")
    func revokedDropped() throws {
        let s = try Self.setup()
        defer { s.owner.close() }
        let item = try s.item(Self.typed)
        _ = try s.owner.revokeDevice(String(s.phone.deviceId.rawValue.prefix(8)))
        _ = try s.owner.sync()
        try s.server.post(item)
        let report = try s.owner.sync()
        #expect(report.checkins.dropped == 1 && report.checkins.ingested == 0)
        #expect(report.checkins.problems.map(\.outcome) == [.dropped])
        #expect(s.acks.map(\.outcome) == [.dropped])
        #expect(try s.wellness().isEmpty)
    }

    @Test("an ack lost, then the item redelivered, writes it once")
    func redeliveredOnce() throws {
        let s = try Self.setup()
        defer { s.owner.close() }
        let item = try s.item(Self.typed)
        try s.server.post(item)
        s.server.state.withLock { $0.inbox.loseNextAck = true }
        #expect(throws: SyncRemoteFailure.self) { _ = try s.owner.sync() }
        #expect(try s.wellness().count == 1)
        s.server.expireLeases()
        let report = try s.owner.sync()
        #expect(report.checkins.ingested == 0 && report.checkins.problems.isEmpty)
        #expect(s.acks == [InboxAckRequest.Ack(item: item.item, outcome: .applied)])
        #expect(s.waiting == 0)
        #expect(try s.wellness().count == 1)
    }

    @Test("an item posted again after its ack (a retry whose answer was lost) is written once")
    func repostedAfterAck() throws {
        let s = try Self.setup()
        defer { s.owner.close() }
        let item = try s.item(Self.typed)
        try s.server.post(item)
        #expect(try s.owner.sync().checkins.ingested == 1)
        try s.server.post(item)
        let again = try s.owner.sync()
        #expect(again.checkins.ingested == 0 && again.checkins.problems.isEmpty)
        #expect(s.acks.map(\.outcome) == [.applied, .applied])
        #expect(s.waiting == 0)
        #expect(try s.wellness().count == 1)
    }
}
