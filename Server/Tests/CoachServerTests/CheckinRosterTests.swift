import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import Logging
import PostgresNIO
import Testing

@testable import CoachServer

/// The check-in roster entries on the server: who may approve and revoke a phone, the owner's
/// one inbox key per athlete epoch, a phone that can never sign in, and its bundle.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct CheckinRosterTests {
    let club: ClubFixture
    let checkin: CheckinFixture

    init() throws {
        club = try ClubFixture()
        checkin = try CheckinFixture(club: club)
    }

    @Test("the owner, a coach holding the athlete and the athlete's user may approve a phone")
    func approvers() async throws {
        try await withServer("CheckinRosterTests", fixture: club) { api, _ in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            let keys = try (0..<3).map { _ in try SigningKeyPair.generate() }
            let entries = [
                checkin.entry(checkin.certificate(keys[0], approver: "u-olga")),
                checkin.entry(checkin.certificate(keys[1], approver: "u-carl")),
                checkin.entry(checkin.certificate(keys[2], approver: "u-jane")),
                checkin.entry(checkin.certificate(athlete: "a-bert", approver: "u-olga")),
            ]
            let pushed = try await api.pushRoster(entries, token: olga)
            #expect(pushed.status == 200, "\(pushed.problem?.message ?? "")")
        }
    }

    static let refused: [(String, @Sendable (CheckinFixture) -> [RosterEntry])] = [
        ("a coach not holding the athlete", { [$0.entry($0.certificate(athlete: "a-bert"))] }),
        (
            "another athlete's user",
            { [$0.entry($0.certificate(athlete: "a-bert", approver: "u-jane"))] }
        ),
        (
            "a certificate not signed by its approver",
            { [$0.entry($0.certificate(approver: "u-carl", signer: $0.club.owner))] }
        ),
        ("a phone of a removed or unknown athlete", { [$0.entry($0.certificate(athlete: "a-x"))] }),
        ("the same phone twice", { [$0.entry($0.certificate()), $0.entry($0.certificate())] }),
        ("an inbox key signed by a coach", { [$0.inboxKey(signer: $0.club.coach)] }),
        ("two inbox keys of one epoch", { [$0.inboxKey(), $0.inboxKey()] }),
        ("an inbox key of an epoch not made", { [$0.inboxKey(epoch: 2)] }),
        (
            "a phone revoked by a coach not holding its athlete",
            {
                let cert = $0.certificate(athlete: "a-bert", approver: "u-olga")
                return [$0.entry(cert), $0.revocation(cert, by: "u-carl")]
            }
        ),
        (
            "a phone revoked twice",
            {
                let cert = $0.certificate()
                return [
                    $0.entry(cert), $0.revocation(cert, by: "u-olga"),
                    $0.revocation(cert, by: "u-carl"),
                ]
            }
        ),
    ]

    @Test("a roster push breaking a check-in rule is rejected", arguments: refused.indices)
    func rejected(index: Int) async throws {
        let (what, entries) = Self.refused[index]
        try await withServer("CheckinRosterTests", fixture: club) { api, _ in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            let answer = try await api.pushRoster(entries(checkin), token: olga)
            #expect(answer.status == 422, "\(what)")
            #expect(answer.problem?.reason == .rosterRejected, "\(what)")
        }
    }

    @Test("the approver, the athlete's user or the owner may revoke a phone")
    func revokers() async throws {
        try await withServer("CheckinRosterTests", fixture: club) { api, db in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            let keys = try (0..<3).map { _ in try SigningKeyPair.generate() }
            let certs = keys.map { checkin.certificate($0) }
            _ = try await api.pushRoster(certs.map(checkin.entry), token: olga)
            let revocations = zip(certs, ["u-carl", "u-jane", "u-olga"] as [UserID]).map {
                checkin.revocation($0, by: $1)
            }
            let pushed = try await api.pushRoster(revocations, token: olga)
            #expect(pushed.status == 200, "\(pushed.problem?.message ?? "")")
            let revoked = try await db.query(
                "SELECT count(*) FROM checkin_devices WHERE revoked"
            ).collect().first?.decode(Int64.self)
            #expect(revoked == 3)
        }
    }

    @Test("a phone is not a device: its sign-in challenge is 404, so it never pushes or pulls")
    func noSignIn() async throws {
        try await withServer("CheckinRosterTests", fixture: club) { api, db in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            _ = try await api.pushRoster([checkin.entry(checkin.certificate())], token: olga)
            let challenge = try await api.post(
                SyncPath.challenge,
                ChallengeRequest(workspace: ClubFixture.workspace, device: checkin.phoneId))
            #expect(challenge.status == 404 && challenge.problem?.reason == .notFound)
            #expect(
                try await db.query(
                    "SELECT 1 FROM devices WHERE device_id = \(checkin.phoneId.rawValue)"
                ).collect().isEmpty)
            // A full device of the same id as a phone is refused too.
            var twin = DeviceCertificate(
                deviceId: checkin.phoneId, userId: "u-olga", signPK: club.owner.publicKey,
                createdAt: ClubFixture.now, name: "twin")
            twin.sign(by: club.owner, workspaceId: ClubFixture.workspace)
            let clash = try await api.pushRoster([.device(RosterDevice(twin))], token: olga)
            #expect(clash.status == 422)
        }
    }

    @Test("a stored roster with check-in entries verifies again from the database")
    func reload() async throws {
        try await withServer("CheckinRosterTests", fixture: club) { api, db in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            let cert = checkin.certificate()
            let pushed = try await api.pushRoster(
                [checkin.entry(cert), checkin.inboxKey(), checkin.revocation(cert, by: "u-carl")],
                token: olga)
            #expect(pushed.status == 200, "\(pushed.problem?.message ?? "")")
            let store = SyncStore(client: db, key: .test, logger: Logger(label: "reload"))
            let roster = try await db.withConnection { connection in
                try await store.loadRoster(ClubFixture.workspace, on: connection)
            }
            #expect(roster.checkinDevices[checkin.phoneId]?.revocation != nil)
            #expect(roster.currentInboxKey("a-jane") != nil)
            #expect(roster.currentInboxKey("a-bert") == nil)
        }
    }

    @Test("a phone reads its bundle with a fresh signature of its own; the owner key is there")
    func bundle() async throws {
        try await withServer("CheckinRosterTests", fixture: club) { api, _ in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            let cert = checkin.certificate()
            _ = try await api.pushRoster([checkin.entry(cert), checkin.inboxKey()], token: olga)
            let seconds = ClubFixture.now / 1_000
            let good = try await api.bundle(
                device: checkin.phoneId, key: checkin.phone, seconds: seconds)
            #expect(good.status == 200, "\(String(decoding: good.body, as: UTF8.self))")
            let bundle = try good.decode(CheckinBundle.self)
            #expect(bundle.ownerSignPK.bytes == club.owner.publicKey)
            #expect(bundle.athlete == "a-jane" && bundle.epoch == 1 && !bundle.revoked)
            let statement = InboxKeyStatement(
                athleteId: "a-jane", epoch: 1, publicKey: bundle.inboxKey.publicKey.bytes,
                signature: bundle.inboxKey.signature.bytes)
            #expect(statement.verifies(anchor: club.registration.anchor))
            let refusals: [(Api.Answer, Int)] = [
                (
                    try await api.bundle(
                        device: checkin.phoneId, key: checkin.other, seconds: seconds), 401
                ),
                (
                    try await api.bundle(
                        device: checkin.phoneId, key: checkin.phone, seconds: seconds - 301), 401
                ),
                (
                    try await api.bundle(
                        device: checkin.phoneId, key: checkin.phone, seconds: seconds,
                        path: "/v1/ws/other/checkin/x"), 401
                ),
                (
                    try await api.bundle(
                        device: CheckinDeviceCertificate.deviceId(signPK: checkin.other.publicKey),
                        key: checkin.other, seconds: seconds), 404
                ),
            ]
            for (answer, status) in refusals { #expect(answer.status == status) }
            _ = try await api.pushRoster([checkin.revocation(cert, by: "u-olga")], token: olga)
            let revoked = try await api.bundle(
                device: checkin.phoneId, key: checkin.phone, seconds: seconds)
            #expect(try revoked.decode(CheckinBundle.self).revoked)
        }
    }
}
