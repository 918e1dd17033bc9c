import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import CoachServer

/// The check-in side of the `ClubFixture` club: phones (check-in devices) approved by a user
/// for an athlete, the owner's inbox keys, and sealed-looking items the phones sign. The
/// server never opens an item, so the ciphertext is bytes of a padding bucket's size.
struct CheckinFixture: Sendable {
    let club: ClubFixture
    let phone: SigningKeyPair
    let other: SigningKeyPair

    init(club: ClubFixture) throws {
        self.club = club
        phone = try SigningKeyPair.generate()
        other = try SigningKeyPair.generate()
    }

    var phoneId: DeviceID { CheckinDeviceCertificate.deviceId(signPK: phone.publicKey) }

    /// The key of `user` in the club.
    func key(of user: UserID) -> SigningKeyPair {
        switch user {
        case "u-olga": club.owner
        case "u-carl": club.coach
        default: club.athlete
        }
    }

    /// The certificate of the phone holding `key`, approved by `approver` for `athlete`.
    func certificate(
        _ key: SigningKeyPair? = nil, athlete: AthleteID = "a-jane",
        approver: UserID = "u-carl", signer: SigningKeyPair? = nil
    ) -> CheckinDeviceCertificate {
        let pk = (key ?? phone).publicKey
        var cert = CheckinDeviceCertificate(
            deviceId: CheckinDeviceCertificate.deviceId(signPK: pk), athleteId: athlete,
            approverId: approver, signPK: pk, name: "jane's phone",
            createdAt: ClubFixture.now - 500)
        cert.sign(by: signer ?? self.key(of: approver), workspaceId: ClubFixture.workspace)
        return cert
    }

    /// The roster entry of `certificate`.
    func entry(_ certificate: CheckinDeviceCertificate) -> RosterEntry {
        .checkinDevice(RosterCheckinDevice(certificate))
    }

    /// The owner's inbox key of `athlete`'s `epoch`.
    func inboxKey(
        _ athlete: AthleteID = "a-jane", epoch: Int = 1, signer: SigningKeyPair? = nil
    ) -> RosterEntry {
        let seed = Array("inbox \(athlete) \(epoch)".utf8)
        var statement = InboxKeyStatement(
            athleteId: athlete, epoch: epoch, publicKey: Hashing.sha256(seed))
        statement.sign(by: signer ?? club.owner, workspaceId: ClubFixture.workspace)
        return .inboxKey(RosterInboxKey(statement))
    }

    /// The revocation of the phone `certificate` by `user`.
    func revocation(_ certificate: CheckinDeviceCertificate, by user: UserID) -> RosterEntry {
        var r = DeviceRevocation(
            deviceId: certificate.deviceId, revokedBy: user, revokedAt: ClubFixture.now)
        r.sign(by: key(of: user), workspaceId: ClubFixture.workspace, checkin: certificate)
        return .deviceRevocation(RosterDeviceRevocation(r))
    }

    /// An item of the phone holding `key` (the phone by default), signed by it.
    func item(
        _ n: Int = 1, key: SigningKeyPair? = nil, athlete: AthleteID = "a-jane",
        epoch: Int = 1, sentAt: Int64 = ClubFixture.now, size: Int = 256,
        edit: (inout CheckinItem) -> Void = { _ in }
    ) -> CheckinItem {
        let signer = key ?? phone
        var item = CheckinItem(
            workspace: ClubFixture.workspace, athlete: athlete,
            item: String(format: "00000000-0000-4000-8000-%012x", n), day: "2026-11-25",
            device: CheckinDeviceCertificate.deviceId(signPK: signer.publicKey), epoch: epoch,
            enc: [UInt8](repeating: 0x11, count: 32),
            ciphertext: [UInt8](repeating: UInt8(n & 0xff), count: size + 16), sentAt: sentAt)
        edit(&item)
        item.sign(by: signer)
        return item
    }
}

extension Api {
    /// Pushes roster entries on the current head, signed in with `token`.
    func pushRoster(_ entries: [RosterEntry], token: String) async throws -> Answer {
        let head = try await rosterHead(token: token)
        return try await post(
            "/v1/ws/{ws}/roster", RosterPush(expectedHead: head, entries: entries), token: token)
    }

    /// Posts an item's JSON to the inbox, with no session.
    func postItem(_ item: CheckinItem) async throws -> Answer {
        try await send(.post, "/v1/ws/{ws}/inbox", json: try item.encoded())
    }

    /// The check-in refusal of an answer.
    static func checkinReason(_ answer: Answer) -> String? {
        (try? answer.decode(CheckinProblem.self))?.reason.rawValue
    }

    /// Reads a check-in device's bundle, signed with `key` at `seconds`.
    func bundle(
        device: DeviceID, key: SigningKeyPair, seconds: Int64, path: String? = nil
    ) async throws -> Answer {
        let uri = SyncPath.checkinBundle(ClubFixture.workspace, device: device.rawValue)
        let signed = CheckinBytes.bundleRequest(
            workspace: ClubFixture.workspace, device: device, path: path ?? uri,
            seconds: seconds)
        let header =
            "\(SyncPath.checkinAuthScheme) \(device.rawValue).\(seconds)."
            + Base64URL.encode(key.sign(signed))
        let response = try await client.execute(
            uri: uri, method: .get, headers: [.authorization: header], body: nil)
        let answer = Answer(
            status: Int(response.status.code), body: Array(response.body.readableBytesView))
        #expect(
            OpenAPIDocument.shared.documents("GET", "/v1/ws/{ws}/checkin/{device}", answer.status))
        return answer
    }
}
