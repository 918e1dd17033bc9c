import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import PostgresNIO
import Testing

@testable import CoachServer

/// Pairings on a real PostgreSQL: registered by a user who may vouch for the athlete, one
/// request from a phone, read back by the creator exactly as sent, swept once expired.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct PairingTests {
    let club: ClubFixture
    let checkin: CheckinFixture
    let proof = CheckinBytes.pairProof(
        workspace: ClubFixture.workspace, code: "ABCDEFGHJKMNPQRSTVWXYZ0123")

    init() throws {
        club = try ClubFixture()
        checkin = try CheckinFixture(club: club)
    }

    var proofText: String { Base64URL.encode(proof) }

    /// The phone's request, its MAC over the contract's bytes with a key of the code.
    var request: PairingRequest {
        PairingRequest(
            device: checkin.phoneId, signPK: checkin.phone.publicKey, name: "jane's phone",
            mac: Hashing.sha256(Array("a MAC the server never checks".utf8)))
    }

    func create(
        _ api: Api, token: String, athlete: AthleteID = "a-jane", seconds: Int64 = 900
    ) async throws -> Api.Answer {
        try await api.post(
            "/v1/ws/{ws}/pairings",
            PairingCreate(proof: proof, athlete: athlete, expiresIn: seconds), token: token)
    }

    func ask(_ api: Api, _ request: PairingRequest) async throws -> Api.Answer {
        try await api.send(
            .post, "/v1/ws/{ws}/pairings/{proof}/request", proof: proofText,
            json: try SyncJSON.encode(request))
    }

    func read(_ api: Api, token: String) async throws -> Api.Answer {
        try await api.send(.get, "/v1/ws/{ws}/pairings/{proof}", proof: proofText, token: token)
    }

    @Test("a pairing takes one request, kept byte for byte for its creator; a second is 409")
    func onceOnly() async throws {
        try await withServer("PairingTests", fixture: club) { api, db in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            let created = try await create(api, token: carl)
            #expect(created.status == 201, "\(created.problem?.message ?? "")")
            #expect(try created.decode(PairingCreated.self).expiresAt == ClubFixture.now + 900_000)
            #expect(try await read(api, token: carl).decode(PairingStatus.self).request == nil)
            let body = try SyncJSON.encode(request)
            let asked = try await api.send(
                .post, "/v1/ws/{ws}/pairings/{proof}/request", proof: proofText, json: body)
            #expect(asked.status == 202)
            let status = try await read(api, token: carl).decode(PairingStatus.self)
            #expect(status.athlete == "a-jane" && status.request == request)
            #expect(status.request?.mac.bytes == request.mac.bytes)
            let stored = try await db.query("SELECT request FROM pairings").collect()
            #expect(Array(try stored[0].decode(ByteBuffer.self).readableBytesView) == body)
            var other = request
            other.name = "a second phone"
            let again = try await ask(api, other)
            #expect(again.status == 409 && Api.checkinReason(again) == "pairing_used")
            #expect(try await read(api, token: carl).decode(PairingStatus.self).request == request)
            // Only its creator reads it.
            let olga = try await api.signIn("d-olga")
            #expect(try await read(api, token: olga).status == 403)
        }
    }

    @Test("an expired pairing takes no request and is swept when the next one is made")
    func expiry() async throws {
        let clock = LockedValue(ClubFixture.now)
        let now: @Sendable () -> Int64 = { clock.withLock { $0 } }
        try await withServer("PairingTests", fixture: club, clock: now) { api, db in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            #expect(try await create(api, token: carl, seconds: 60).status == 201)
            clock.withLock { $0 += 60_000 }
            let late = try await ask(api, request)
            #expect(late.status == 404 && Api.checkinReason(late) == "not_found")
            #expect(try await read(api, token: carl).status == 404)
            let next = try await api.post(
                "/v1/ws/{ws}/pairings",
                PairingCreate(
                    proof: [UInt8](repeating: 7, count: 16), athlete: "a-jane", expiresIn: 60),
                token: carl)
            #expect(next.status == 201)
            let left = try await db.query("SELECT proof FROM pairings").collect()
            #expect(left.count == 1)
            #expect(Array(try left[0].decode(ByteBuffer.self).readableBytesView) != proof)
        }
    }

    @Test("only a user who may vouch for the athlete pairs; bad lives, proofs and requests are 400")
    func refusals() async throws {
        try await withServer("PairingTests", fixture: club) { api, _ in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            let bert = try await create(api, token: carl, athlete: "a-bert")
            #expect(bert.status == 403 && bert.problem?.reason == .outOfRole)
            #expect(try await create(api, token: carl, seconds: 3_601).status == 400)
            #expect(try await create(api, token: carl, seconds: 0).status == 400)
            let short = try await api.post(
                "/v1/ws/{ws}/pairings",
                PairingCreate(proof: [1, 2, 3], athlete: "a-jane", expiresIn: 60), token: carl)
            #expect(short.status == 400)
            let jane = try await api.signIn("d-jane")
            #expect(try await create(api, token: jane).status == 201)
            #expect(try await create(api, token: jane).status == 409)
            var wrongId = request
            wrongId.device = "00112233445566778899aabbccddeeff"
            var shortKey = request
            shortKey.signPK = SyncBytes(Array(request.signPK.bytes.prefix(31)))
            var noName = request
            noName.name = ""
            for bad in [wrongId, shortKey, noName] {
                let answer = try await ask(api, bad)
                #expect(answer.status == 400 && Api.checkinReason(answer) == "bad_item")
            }
            #expect(try await ask(api, request).status == 202)
            let unknown = try await api.send(
                .post, "/v1/ws/{ws}/pairings/{proof}/request",
                proof: Base64URL.encode([UInt8](repeating: 9, count: 16)),
                json: try SyncJSON.encode(request))
            #expect(unknown.status == 404)
        }
    }

    @Test("approving the phone on the roster deletes its pairing")
    func approvalEndsPairing() async throws {
        try await withServer("PairingTests", fixture: club) { api, db in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            #expect(try await create(api, token: carl).status == 201)
            #expect(try await ask(api, request).status == 202)
            let approved = try await api.pushRoster(
                [checkin.entry(checkin.certificate())], token: carl)
            #expect(approved.status == 200, "\(approved.problem?.message ?? "")")
            #expect(try await db.query("SELECT 1 FROM pairings").collect().isEmpty)
            #expect(try await read(api, token: carl).status == 404)
        }
    }
}
