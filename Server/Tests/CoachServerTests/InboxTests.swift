import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import PostgresNIO
import Testing

@testable import CoachServer

/// `POST inbox` on a real PostgreSQL: every refusal in its order, replay, the daily and the
/// waiting limits, and the drain (claim, lease, ack) by full devices that may read.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct InboxTests {
    let club: ClubFixture
    let checkin: CheckinFixture

    init() throws {
        club = try ClubFixture()
        checkin = try CheckinFixture(club: club)
    }

    /// The club registered, carl's approval of jane's phone and both athletes' inbox keys
    /// pushed by the owner; olga's token.
    func setUp(_ api: Api) async throws -> String {
        try await api.register()
        let olga = try await api.signIn("d-olga")
        let pushed = try await api.pushRoster(
            [
                checkin.entry(checkin.certificate()), checkin.inboxKey("a-jane"),
                checkin.inboxKey("a-bert"),
            ], token: olga)
        #expect(pushed.status == 200, "\(pushed.problem?.message ?? "")")
        return olga
    }

    @Test("an item's signed fields are stored in binary; the same item again is 200, another 409")
    func storeAndReplay() async throws {
        try await withServer("InboxTests", fixture: club) { api, db in
            _ = try await setUp(api)
            let item = checkin.item()
            let stored = try await api.postItem(item)
            #expect(stored.status == 201, "\(String(decoding: stored.body, as: UTF8.self))")
            #expect(try await api.postItem(item).status == 200)
            let other = checkin.item(edit: { $0.day = "2026-11-24" })
            let reused = try await api.postItem(other)
            #expect(reused.status == 409 && Api.checkinReason(reused) == "item_reused")
            let rows = try await db.query(
                """
                SELECT encode(device, 'hex'), epoch, to_char(day, 'YYYY-MM-DD'), enc,
                    ciphertext, signature, item::text, sent_at FROM inbox
                """
            ).collect()
            #expect(rows.count == 1)
            let (device, epoch, day, enc, ciphertext, signature, id, sentAt) = try rows[0].decode(
                (String, Int32, String, ByteBuffer, ByteBuffer, ByteBuffer, String, Int64).self)
            #expect(device == checkin.phoneId.rawValue && id == item.item)
            #expect(epoch == 1 && day == "2026-11-25" && sentAt == item.sentAt)
            #expect(enc.array == item.enc && ciphertext.array == item.ciphertext)
            #expect(signature.array == item.signature)
            // The same item in other JSON (the page's key order, spaces) is the same item.
            let reordered = try #require(
                try JSONSerialization.jsonObject(with: Data(try item.encoded())) as? [String: Any])
            var fields: [String] = []
            for key in reordered.keys.sorted(by: >) {
                let value = try JSONSerialization.data(
                    withJSONObject: try #require(reordered[key]), options: .fragmentsAllowed)
                fields.append("\"\(key)\": " + String(decoding: value, as: UTF8.self))
            }
            let text = "{ " + fields.joined(separator: ", ") + " }"
            let again = try await api.send(.post, "/v1/ws/{ws}/inbox", json: Array(text.utf8))
            #expect(again.status == 200, "\(String(decoding: again.body, as: UTF8.self))")
        }
    }

    @Test("each refusal has its status and reason, and stores nothing")
    func refusals() async throws {
        try await withServer("InboxTests", fixture: club) { api, db in
            let olga = try await setUp(api)
            // A phone of jane's approved by the owner, who holds bert too: only the item's
            // athlete stops its item for bert.
            let ownerPhone = try SigningKeyPair.generate()
            _ = try await api.pushRoster(
                [checkin.entry(checkin.certificate(ownerPhone, approver: "u-olga"))], token: olga)
            var flipped = checkin.item(2)
            flipped.ciphertext[100] ^= 1
            let cases: [(String, CheckinItem, Int, String)] = [
                ("an unknown device", checkin.item(3, key: checkin.other), 403, "device_revoked"),
                (
                    "another athlete's item", checkin.item(4, key: ownerPhone, athlete: "a-bert"),
                    403, "out_of_role"
                ),
                (
                    "an approver not holding bert", checkin.item(10, athlete: "a-bert"), 403,
                    "out_of_role"
                ),
                ("a flipped ciphertext bit", flipped, 403, "bad_signature"),
                ("a stale or future epoch", checkin.item(5, epoch: 2), 409, "wrong_epoch"),
                (
                    "a clock a day ahead",
                    checkin.item(6, sentAt: ClubFixture.now + 86_400_001), 422, "clock_ahead"
                ),
            ]
            for (what, item, status, reason) in cases {
                let answer = try await api.postItem(item)
                #expect(answer.status == status, "\(what)")
                #expect(Api.checkinReason(answer) == reason, "\(what)")
            }
            var other = checkin.item(7)
            other.workspace = "another-workspace"
            other.sign(by: checkin.phone)
            let malformed: [[UInt8]] = [
                Array("not json".utf8), try other.encoded(),
                Array(
                    String(decoding: try checkin.item(8).encoded(), as: UTF8.self)
                        .replacingOccurrences(of: "\"v\":1", with: "\"v\":1,\"x\":0").utf8),
            ]
            for bytes in malformed {
                let answer = try await api.send(.post, "/v1/ws/{ws}/inbox", json: bytes)
                #expect(answer.status == 400 && Api.checkinReason(answer) == "bad_item")
            }
            let large = try await api.send(
                .post, "/v1/ws/{ws}/inbox", json: [UInt8](repeating: 0x20, count: 8_193))
            #expect(large.status == 413)
            #expect(try await db.query("SELECT 1 FROM inbox").collect().isEmpty)
            // Once revoked, the phone's items are refused before their signature is read.
            let revoked = try await api.pushRoster(
                [checkin.revocation(checkin.certificate(), by: "u-olga")], token: olga)
            #expect(revoked.status == 200, "\(revoked.problem?.message ?? "")")
            let afterRevoke = try await api.postItem(checkin.item(9))
            #expect(afterRevoke.status == 403 && Api.checkinReason(afterRevoke) == "device_revoked")
        }
    }

    @Test("an epoch without an inbox key refuses items sealed to it")
    func noInboxKey() async throws {
        try await withServer("InboxTests", fixture: club) { api, _ in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            _ = try await api.pushRoster([checkin.entry(checkin.certificate())], token: olga)
            let answer = try await api.postItem(checkin.item())
            #expect(answer.status == 409 && Api.checkinReason(answer) == "wrong_epoch")
        }
    }

    @Test("a phone posts 24 items a day; the 25th waits for its window to end")
    func dailyRate() async throws {
        let clock = LockedValue(ClubFixture.now)
        let now: @Sendable () -> Int64 = { clock.withLock { $0 } }
        try await withServer("InboxTests", fixture: club, clock: now) { api, _ in
            _ = try await setUp(api)
            for n in 1...24 {
                #expect(try await api.postItem(checkin.item(n)).status == 201)
            }
            let limited = try await api.postItem(checkin.item(25))
            #expect(limited.status == 429 && Api.checkinReason(limited) == "rate_limited")
            // A retry of a stored item still answers 200: it is not a new post.
            #expect(try await api.postItem(checkin.item(3)).status == 200)
            clock.withLock { $0 += 86_400_000 }
            #expect(try await api.postItem(checkin.item(25)).status == 201)
        }
    }

    @Test("an athlete's inbox holds 200 waiting items; the next is refused until it drains")
    func inboxFull() async throws {
        try await withServer("InboxTests", fixture: club) { api, db in
            _ = try await setUp(api)
            for n in 1...200 {
                try await db.query(
                    """
                    INSERT INTO inbox (ws, item, device, epoch, day, sent_at, received_at, enc,
                        ciphertext, signature)
                    VALUES (\(ClubFixture.workspace), \(checkin.item(1000 + n).item)::uuid,
                        decode(\(checkin.phoneId.rawValue), 'hex'), 1, '2026-11-25', 0, 0,
                        '\\x00', '\\x00', '\\x00')
                    """)
            }
            let full = try await api.postItem(checkin.item())
            #expect(full.status == 429 && Api.checkinReason(full) == "inbox_full")
            try await db.query(
                "DELETE FROM inbox WHERE item = \(checkin.item(1001).item)::uuid")
            #expect(try await api.postItem(checkin.item()).status == 201)
        }
    }

    @Test("pull counts waiting items; a claim leases them for 5 minutes; the holder's ack deletes")
    func drain() async throws {
        let clock = LockedValue(ClubFixture.now)
        let now: @Sendable () -> Int64 = { clock.withLock { $0 } }
        try await withServer("InboxTests", fixture: club, clock: now) { api, db in
            let olga = try await setUp(api)
            let carl = try await api.signIn("d-carl")
            let empty = try await api.post(
                "/v1/ws/{ws}/pull", PullRequest(cursors: [:]), token: carl)
            #expect(try empty.decode(PullResponse.self).inbox == [:])
            for n in 1...3 { #expect(try await api.postItem(checkin.item(n)).status == 201) }
            let pulled = try await api.post(
                "/v1/ws/{ws}/pull", PullRequest(cursors: [:]), token: carl)
            #expect(try pulled.decode(PullResponse.self).inbox == ["a-jane": 3])
            let claim = InboxClaimRequest(athletes: ["a-jane"], limit: 2)
            let first = try await api.post("/v1/ws/{ws}/inbox/claim", claim, token: carl)
                .decode(InboxClaim.self)
            #expect(first.items.map(\.item) == [1, 2].map { checkin.item($0).item })
            #expect(first.items[0].body.bytes == (try checkin.item(1).encoded()))
            #expect(first.leaseUntil == ClubFixture.now + 300_000)
            let second = try await api.post("/v1/ws/{ws}/inbox/claim", claim, token: olga)
                .decode(InboxClaim.self)
            #expect(second.items.map(\.item) == [checkin.item(3).item])
            // Olga's ack of carl's items deletes nothing: she does not hold their lease.
            let acks = InboxAckRequest(
                items: first.items.map { .init(item: $0.item, outcome: .applied) })
            let foreign = try await api.post("/v1/ws/{ws}/inbox/ack", acks, token: olga)
            #expect(try foreign.decode(InboxAckResponse.self).deleted == 0)
            clock.withLock { $0 += 300_001 }
            let retaken = try await api.post(
                "/v1/ws/{ws}/inbox/claim", InboxClaimRequest(athletes: ["a-jane"]), token: olga
            ).decode(InboxClaim.self)
            #expect(retaken.items.count == 3)
            // Carl's lease ended: his late ack deletes nothing; olga's does.
            #expect(
                try await api.post("/v1/ws/{ws}/inbox/ack", acks, token: carl)
                    .decode(InboxAckResponse.self).deleted == 0)
            let all = InboxAckRequest(
                items: retaken.items.map { .init(item: $0.item, outcome: .refused, reason: "x") })
            #expect(
                try await api.post("/v1/ws/{ws}/inbox/ack", all, token: olga)
                    .decode(InboxAckResponse.self).deleted == 3)
            #expect(try await db.query("SELECT 1 FROM inbox").collect().isEmpty)
        }
    }

    @Test("claims only for readable athletes: bert's inbox is not carl's, and no limit over 100")
    func claimReadable() async throws {
        try await withServer("InboxTests", fixture: club) { api, _ in
            _ = try await setUp(api)
            let carl = try await api.signIn("d-carl")
            let bert = try await api.post(
                "/v1/ws/{ws}/inbox/claim", InboxClaimRequest(athletes: ["a-bert"]), token: carl)
            #expect(bert.status == 403 && bert.problem?.reason == .outOfRole)
            let big = try await api.post(
                "/v1/ws/{ws}/inbox/claim", InboxClaimRequest(athletes: ["a-jane"], limit: 101),
                token: carl)
            #expect(big.status == 400)
            let none = try await api.post(
                "/v1/ws/{ws}/inbox/claim", InboxClaimRequest(athletes: ["a-jane"]), token: nil)
            #expect(none.status == 401)
        }
    }

    @Test("after carl loses jane he cannot claim her inbox, and the phone he approved stops")
    func revokedCoach() async throws {
        try await withServer("InboxTests", fixture: club) { api, _ in
            let olga = try await setUp(api)
            let carl = try await api.signIn("d-carl")
            #expect(try await api.postItem(checkin.item(1)).status == 201)
            let (cert, epoch2) = club.epoch("a-jane", 2)
            let rotated = try await api.pushRoster(
                [
                    epoch2, club.grant(cert, to: "u-olga"), club.grant(cert, to: "u-jane"),
                    checkin.inboxKey("a-jane", epoch: 2),
                ], token: olga)
            #expect(rotated.status == 200, "\(rotated.problem?.message ?? "")")
            let claim = try await api.post(
                "/v1/ws/{ws}/inbox/claim", InboxClaimRequest(athletes: ["a-jane"]), token: carl)
            #expect(claim.status == 403 && claim.problem?.reason == .outOfRole)
            let posted = try await api.postItem(checkin.item(2, epoch: 2))
            #expect(posted.status == 403 && Api.checkinReason(posted) == "out_of_role")
        }
    }
}
