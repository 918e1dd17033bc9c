import CoachCrypto
import CoachSync

/// Fixed inputs of the check-in contract and the bytes Swift builds from them (hex, or
/// base64url where the wire carries it), for the page's JavaScript to reproduce byte for byte.
struct CheckinBytesFixture {
    let ws = "ws-01HZXCHECKIN"
    let athlete = "ath-7f3a"
    let code = "ABCDEFGHJKMNPQRSTVWXYZ23"
    let name = "Pixel browser"
    let signPk = [UInt8](0..<32).map { $0 &* 7 &+ 3 }
    let inboxPk = [UInt8](repeating: 0x42, count: 32)
    let enc = [UInt8](repeating: 0xE1, count: 32)
    let ct = [UInt8](repeating: 0xC7, count: 256 + 16)
    let long = [UInt8](repeating: 0x61, count: 300)
    let item = "0b5e2a8c-4f1d-4e7a-9c3b-2d6f8a1e5c70"
    let day = "2026-03-01"
    let epoch = 7
    let suite = 2
    let seconds: Int64 = 1_767_225_600
    let sentAt: Int64 = 1_767_225_600_123
    let text = "grüße"

    var device: String { Hashing.hex(Array(Hashing.sha256(signPk).prefix(16))) }
    var path: String { "/v1/ws/\(ws)/checkin/\(device)" }

    /// What the page receives.
    var inputs: [String: Any] {
        [
            "ws": ws, "athlete": athlete, "code": code, "name": name,
            "signPk": Hashing.hex(signPk), "inboxPk": Hashing.hex(inboxPk), "enc": Hashing.hex(enc),
            "ct": Hashing.hex(ct), "long": Hashing.hex(long), "item": item, "day": day,
            "epoch": epoch, "suite": suite, "seconds": seconds, "sentAt": sentAt, "text": text,
            "device": device, "path": path,
        ]
    }

    /// What Swift builds from them.
    var expected: [String: String] {
        let hex = Hashing.hex
        let macKey = Hashing.sha256(
            AssociatedData("coach/1/pair-mac").with(ws, athlete, code).bytes)
        let request = AssociatedData("coach/1/pair-request").with(
            ws, athlete, device, signPk, name
        ).bytes
        let proofInput = AssociatedData("coach/1/pair-proof").with(ws, code).bytes
        let plaintext = Array(#"{"mood":4,"doms":{"quads":6},"notes":"x"}"#.utf8)
        return [
            "ad": hex(AssociatedData("coach/1/test").with(text, [0, 1, 2], 258, sentAt).bytes),
            "pairProofInput": hex(proofInput),
            "pairProof": Base64URL.encode(Array(Hashing.sha256(proofInput).prefix(16))),
            "pairMacKey": hex(macKey),
            "pairRequest": hex(request),
            "pairMac": Base64URL.encode(Hashing.hmacSHA256(request, key: macKey)),
            "bundleRequest": hex(
                AssociatedData("coach/1/checkin-get").with(ws, device, path, seconds).bytes),
            "inboxKey": hex(
                AssociatedData("coach/1/inbox-key").with(ws, athlete, epoch, inboxPk).bytes),
            "info": hex(AssociatedData("coach/1/checkin-info").with(ws, athlete, epoch).bytes),
            "aad": hex(
                AssociatedData("coach/1/checkin-item").with(
                    ws, athlete, item, day, device, epoch, suite
                ).bytes),
            "signed": hex(
                AssociatedData("coach/1/checkin-sig").with(
                    ws, athlete, item, day, device, epoch, suite, enc, ct, sentAt
                ).bytes),
            "deviceID": device,
            "words": FingerprintWords.words(signingKey: signPk).joined(separator: " "),
            "plaintext": hex(Self.isoPad(plaintext, to: 256)),
            "padded512": hex(Self.isoPad(long, to: 512)),
        ]
    }

    /// ISO/IEC 7816-4 padding written out: 0x80, then zeros to `size`.
    static func isoPad(_ bytes: [UInt8], to size: Int) -> [UInt8] {
        bytes + [0x80] + [UInt8](repeating: 0, count: size - bytes.count - 1)
    }
}
