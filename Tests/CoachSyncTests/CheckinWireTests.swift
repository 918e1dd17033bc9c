import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Testing

/// The check-in roster entries and messages on the wire: their JSON keys as the contract
/// spells them, their canonical hashes, and strict bytes.
@Suite struct CheckinWireTests {
    static func entries() throws -> (device: RosterEntry, key: RosterEntry) {
        let owner = try SigningKeyPair.generate()
        let phone = try SigningKeyPair.generate()
        var cert = CheckinDeviceCertificate(
            deviceId: CheckinDeviceCertificate.deviceId(signPK: phone.publicKey),
            athleteId: "a-jane", approverId: "u-olga", signPK: phone.publicKey, name: "phone",
            createdAt: 1_764_000_000_000)
        cert.sign(by: owner, workspaceId: CheckinFixture.workspace)
        var statement = InboxKeyStatement(
            athleteId: "a-jane", epoch: 1, publicKey: [UInt8](repeating: 3, count: 32))
        statement.sign(by: owner, workspaceId: CheckinFixture.workspace)
        return (.checkinDevice(RosterCheckinDevice(cert)), .inboxKey(RosterInboxKey(statement)))
    }

    @Test("Both new entry kinds survive JSON with the contract's keys and keep their hash")
    func entriesRoundTrip() throws {
        let (device, key) = try Self.entries()
        for entry in [device, key] {
            let bytes = try SyncJSON.encode(entry)
            let decoded = try SyncJSON.decode(RosterEntry.self, from: bytes)
            #expect(decoded == entry && decoded.hash == entry.hash)
        }
        let deviceText = String(decoding: try SyncJSON.encode(device), as: UTF8.self)
        #expect(
            deviceText.hasPrefix(#"{"checkin_device":{"approver":"u-olga","athlete":"a-jane","#))
        #expect(deviceText.contains(#""created_at":1764000000000,"device":""#))
        #expect(deviceText.contains(#""name":"phone","sign_pk":""#))
        #expect(deviceText.hasSuffix(#""type":"checkin_device"}"#))
        let keyText = String(decoding: try SyncJSON.encode(key), as: UTF8.self)
        #expect(keyText.hasPrefix(#"{"inbox_key":{"athlete":"a-jane","epoch":1,"public_key":""#))
        #expect(keyText.hasSuffix(#""type":"inbox_key"}"#))
        #expect(device.hash != key.hash)
    }

    @Test("An entry gives back the certificate and statement it was made of, still verifying")
    func backToTrust() throws {
        let (device, key) = try Self.entries()
        guard case .checkinDevice(let d) = device, case .inboxKey(let k) = key else {
            Issue.record("wrong kinds")
            return
        }
        #expect(RosterCheckinDevice(d.certificate) == d)
        #expect(RosterInboxKey(k.statement) == k)
        #expect(d.certificate.deviceId == CheckinDeviceCertificate.deviceId(signPK: d.signPK.bytes))
    }

    @Test("A changed field changes the entry's canonical hash")
    func hashBindsFields() throws {
        let (device, key) = try Self.entries()
        guard case .checkinDevice(var d) = device, case .inboxKey(var k) = key else { return }
        d.name = "other"
        k.epoch = 2
        #expect(RosterEntry.checkinDevice(d).hash != device.hash)
        #expect(RosterEntry.inboxKey(k).hash != key.hash)
    }

    @Test("Messages use the contract's snake_case keys")
    func messageKeys() throws {
        let create = PairingCreate(proof: [1, 2], athlete: "a-jane", expiresIn: 900)
        #expect(
            String(decoding: try SyncJSON.encode(create), as: UTF8.self)
                == #"{"athlete":"a-jane","expires_in":900,"proof":"AQI"}"#)
        let request = PairingRequest(device: "d", signPK: [1], name: "n", mac: [2])
        #expect(
            String(decoding: try SyncJSON.encode(request), as: UTF8.self)
                == #"{"device":"d","mac":"Ag","name":"n","sign_pk":"AQ"}"#)
        let bundle = CheckinBundle(
            workspace: "w", ownerSignPK: [1], athlete: "a", epoch: 2,
            inboxKey: .init(publicKey: [3], signature: [4]), revoked: false)
        #expect(
            String(decoding: try SyncJSON.encode(bundle), as: UTF8.self)
                == #"{"athlete":"a","epoch":2,"inbox_key":{"public_key":"Aw","signature":"BA"},"#
                + #""owner_sign_pk":"AQ","revoked":false,"workspace":"w"}"#)
        let ack = InboxAckRequest(items: [.init(item: "i", outcome: .refused, reason: "r")])
        #expect(
            String(decoding: try SyncJSON.encode(ack), as: UTF8.self)
                == #"{"items":[{"item":"i","outcome":"refused","reason":"r"}]}"#)
        let pull = PullResponse(changes: [], streams: [], done: true, inbox: ["a-jane": 2])
        #expect(
            String(decoding: try SyncJSON.encode(pull), as: UTF8.self).contains(
                #""inbox":{"a-jane":2}"#))
        let old = PullResponse(changes: [], streams: [], done: true)
        #expect(!String(decoding: try SyncJSON.encode(old), as: UTF8.self).contains("inbox"))
    }

    @Test(
        "Each check-in refusal has the contract's status", arguments: CheckinProblem.Reason.allCases
    )
    func statuses(reason: CheckinProblem.Reason) {
        let expected: [String: Int] = [
            "bad_item": 400, "too_large": 413, "not_found": 404, "pairing_used": 409,
            "unauthenticated": 401, "device_revoked": 403, "out_of_role": 403,
            "bad_signature": 403, "wrong_epoch": 409, "item_reused": 409, "clock_ahead": 422,
            "rate_limited": 429, "inbox_full": 429, "internal": 500,
        ]
        #expect(CheckinProblem(reason, "x").status == expected[reason.rawValue])
    }
}
