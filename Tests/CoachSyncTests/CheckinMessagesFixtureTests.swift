import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import Testing

/// The exact bytes of every check-in byte builder for fixed inputs, in
/// Tests/Fixtures/checkin/messages.json, so the page's JavaScript can be held to them. Written
/// only with `COACH_REGENERATE=1`; otherwise a difference fails.
@Suite struct CheckinMessagesFixtureTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/checkin/messages.json")

    /// The fixed inputs, as hex where they are bytes.
    static let inputs: [String: String] = [
        "workspace": "0b7e2c9a-5d1f-4e6a-9c3b-2f8d7a6e5b4c", "athlete": "a-jane",
        "item": "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b", "day": "2026-11-25", "epoch": "2",
        "suite": "2", "sent_at": "1764060000000", "code": "ABCDEFGHJKMNPQRSTVWXYZ0123",
        "sign_pk": hex(0x01, 32), "name": "Jane's phone ☀", "approver": "u-olga",
        "created_at": "1764000000000", "enc": hex(0x11, 32), "ciphertext": hex(0x22, 272),
        "inbox_public_key": hex(0x33, 32),
        "path": "/v1/ws/0b7e2c9a-5d1f-4e6a-9c3b-2f8d7a6e5b4c/checkin/DEVICE",
        "seconds": "1764060000",
    ]

    static func hex(_ byte: UInt8, _ count: Int) -> String {
        Hashing.hex([UInt8](repeating: byte, count: count))
    }

    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var i = hex.startIndex
        while i < hex.endIndex {
            let j = hex.index(i, offsetBy: 2)
            out.append(UInt8(hex[i..<j], radix: 16)!)
            i = j
        }
        return out
    }

    /// Every builder's output for `inputs`, hex.
    static func outputs() -> [String: String] {
        let i = inputs
        let ws = i["workspace"]!
        let athlete = AthleteID(i["athlete"]!)
        let signPK = bytes(i["sign_pk"]!)
        let device = CheckinDeviceCertificate.deviceId(signPK: signPK)
        let epoch = Int(i["epoch"]!)!
        let item = CheckinItem(
            workspace: ws, athlete: athlete, item: i["item"]!, day: i["day"]!, device: device,
            epoch: epoch, suite: Int(i["suite"]!)!, enc: bytes(i["enc"]!),
            ciphertext: bytes(i["ciphertext"]!), sentAt: Int64(i["sent_at"]!)!)
        let cert = CheckinDeviceCertificate(
            deviceId: device, athleteId: athlete, approverId: UserID(i["approver"]!),
            signPK: signPK, name: i["name"]!, createdAt: Int64(i["created_at"]!)!)
        let statement = InboxKeyStatement(
            athleteId: athlete, epoch: epoch, publicKey: bytes(i["inbox_public_key"]!))
        let code = i["code"]!
        let path = i["path"]!.replacingOccurrences(of: "DEVICE", with: device.rawValue)
        let padded = CheckinPadding.pad(Array(#"{"doms":{"quads":6},"mood":4,"notes":"x"}"#.utf8))!
        return [
            "device_id": device.rawValue,
            "checkin_info": Hashing.hex(item.info),
            "checkin_item_aad": Hashing.hex(item.aad),
            "checkin_sig": Hashing.hex(item.signedBytes),
            "pair_proof_input": Hashing.hex(CheckinBytes.pairProofInput(workspace: ws, code: code)),
            "pair_proof": Hashing.hex(CheckinBytes.pairProof(workspace: ws, code: code)),
            "pair_mac_key": Hashing.hex(
                CheckinBytes.pairMACKey(workspace: ws, athlete: athlete, code: code)),
            "pair_request": Hashing.hex(
                CheckinBytes.pairRequest(
                    workspace: ws, athlete: athlete, device: device, signPK: signPK,
                    name: i["name"]!)),
            "device_words_input": Hashing.hex(CheckinBytes.deviceWords(signPK: signPK)),
            "device_words_sha256": Hashing.hex(
                Hashing.sha256(CheckinBytes.deviceWords(signPK: signPK))),
            "checkin_get": Hashing.hex(
                CheckinBytes.bundleRequest(
                    workspace: ws, device: device, path: path, seconds: Int64(i["seconds"]!)!)),
            "checkin_device_cert": Hashing.hex(cert.message(workspaceId: ws)),
            "inbox_key": Hashing.hex(statement.message(workspaceId: ws)),
            "padded_plaintext": Hashing.hex(padded),
        ]
    }

    static func document() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let doc = ["inputs": inputs, "outputs": outputs()]
        return [UInt8](try encoder.encode(doc)) + [0x0A]
    }

    @Test("messages.json holds the exact bytes of every check-in byte builder")
    func fixture() throws {
        let current = try Self.document()
        if ProcessInfo.processInfo.environment["COACH_REGENERATE"] == "1" {
            try FileManager.default.createDirectory(
                at: Self.path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(current).write(to: Self.path)
        }
        guard let stored = FileManager.default.contents(atPath: Self.path.path) else {
            let hint = "COACH_REGENERATE=1 swift test --filter CheckinMessagesFixtureTests"
            Issue.record("missing fixture \(Self.path.path); write it deliberately with \(hint)")
            return
        }
        #expect([UInt8](stored) == current, "rewrite only with COACH_REGENERATE=1 on purpose")
    }

    @Test("The builders' bytes start with their labels and length-prefix every field")
    func layout() throws {
        let out = Self.outputs()
        let label = { (text: String) -> String in
            let length: [UInt8] = [0, 0, 0, UInt8(text.utf8.count)]
            return Hashing.hex(length + Array(text.utf8))
        }
        #expect(out["checkin_info"]!.hasPrefix(label("coach/1/checkin-info")))
        #expect(out["checkin_item_aad"]!.hasPrefix(label("coach/1/checkin-item")))
        #expect(out["checkin_sig"]!.hasPrefix(label("coach/1/checkin-sig")))
        #expect(out["pair_request"]!.hasPrefix(label("coach/1/pair-request")))
        #expect(out["checkin_get"]!.hasPrefix(label("coach/1/checkin-get")))
        #expect(out["checkin_device_cert"]!.hasPrefix(label("coach/1/checkin-device-cert")))
        #expect(out["inbox_key"]!.hasPrefix(label("coach/1/inbox-key")))
        // info: label, workspace (36), athlete (6), epoch as 8 bytes big-endian.
        #expect(out["checkin_info"]!.hasSuffix("0000000800000000" + "00000002"))
        #expect(out["pair_proof"]!.count == 32 && out["device_id"]!.count == 32)
        #expect(out["padded_plaintext"]!.count == 512)
    }
}
