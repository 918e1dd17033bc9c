import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import Testing

/// The check-in item's strict JSON, its signature over every field, and the padding buckets.
@Suite struct CheckinItemTests {
    @Test("An item survives its JSON byte for byte, and its signature verifies")
    func roundTrip() throws {
        let fixture = try CheckinFixture()
        let bytes = try fixture.item.encoded()
        let decoded = try CheckinItem.decode(bytes)
        #expect(decoded == fixture.item)
        #expect(try decoded.encoded() == bytes)
        #expect(decoded.signatureValid(devicePK: fixture.key.publicKey))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"athlete":"a-jane","ciphertext":""#))
        #expect(text.contains(#""sent_at":1764060000000,"signature":""#))
        #expect(
            text.contains(#""suite":2"#)
                && text.hasSuffix(#""v":1,"workspace":"\#(CheckinFixture.workspace)"}"#))
    }

    /// A field, what is wrong with it, and its JSON value (nil: the key left out).
    static let malformed: [(String, String, String?)] = [
        ("v", "a version 2", "2"),
        ("suite", "suite 3 (ChaCha20)", "3"),
        ("item", "an uppercase UUID", #""6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B""#),
        ("item", "not a UUID", #""6f1c2b3a4d5e4f608a7b9c0d1e2f3a4b----""#),
        ("day", "February 30th", #""2026-02-30""#),
        ("day", "a day without dashes", #""20261125xx""#),
        ("device", "an uppercase device id", #""0123456789ABCDEF0123456789ABCDEF""#),
        ("device", "a short device id", #""0123""#),
        ("epoch", "epoch 0", "0"),
        ("enc", "a 31-byte enc", quoted(Base64URL.encode([UInt8](repeating: 1, count: 31)))),
        (
            "enc", "enc with padding",
            quoted(Base64URL.encode([UInt8](repeating: 1, count: 32)) + "=")
        ),
        (
            "ciphertext", "a ciphertext of no bucket",
            quoted(Base64URL.encode([UInt8](repeating: 1, count: 300)))
        ),
        (
            "signature", "a 63-byte signature",
            quoted(Base64URL.encode([UInt8](repeating: 1, count: 63)))
        ),
        ("sent_at", "a negative time", "-1"),
        ("sent_at", "a time as text", #""1764060000000""#),
        ("workspace", "an empty workspace", #""""#),
        ("athlete", "a missing athlete", nil),
        ("epoch", "an epoch as text", #""2""#),
    ]

    static func quoted(_ s: String) -> String { "\"\(s)\"" }

    @Test("A malformed field is refused, naming the field", arguments: malformed.indices)
    func malformedField(index: Int) throws {
        let (key, what, value) = Self.malformed[index]
        var object = try CheckinFixture().object()
        object[key] = try value.map {
            try JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed)
        }
        let bytes = try CheckinFixture.bytes(object)
        #expect(throws: CheckinItem.Malformed.field(key), "\(what)") {
            _ = try CheckinItem.decode(bytes)
        }
    }

    @Test("An unknown key, a non-object and an over-size body are refused")
    func shape() throws {
        var object = try CheckinFixture().object()
        object["plaintext"] = "mood 4"
        #expect(throws: CheckinItem.Malformed.unknownKey("plaintext")) {
            _ = try CheckinItem.decode(try CheckinFixture.bytes(object))
        }
        #expect(throws: CheckinItem.Malformed.notJSON) {
            _ = try CheckinItem.decode(Array("[1,2]".utf8))
        }
        var fractional = String(decoding: try CheckinFixture().item.encoded(), as: UTF8.self)
        fractional = fractional.replacingOccurrences(of: #""epoch":2"#, with: #""epoch":2.5"#)
        #expect(throws: CheckinItem.Malformed.self) {
            _ = try CheckinItem.decode(Array(fractional.utf8))
        }
        #expect(throws: CheckinItem.Malformed.tooLarge) {
            _ = try CheckinItem.decode([UInt8](repeating: 0x20, count: 8_193))
        }
    }

    @Test("Each bucket's ciphertext fits in 8 KiB; the largest item decodes")
    func largest() throws {
        let fixture = try CheckinFixture(ciphertextSize: 2_048 + 16)
        let bytes = try fixture.item.encoded()
        #expect(bytes.count < SyncLimits.maxCheckinItemBytes)
        #expect(try CheckinItem.decode(bytes) == fixture.item)
    }

    static let flips: [(String, @Sendable (inout CheckinItem) -> Void)] = [
        ("workspace", { $0.workspace = "ws-2" }),
        ("athlete", { $0.athlete = "a-bob" }),
        ("item", { $0.item = "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4c" }),
        ("day", { $0.day = "2026-11-24" }),
        ("device", { $0.device = "00112233445566778899aabbccddeeff" }),
        ("epoch", { $0.epoch = 3 }),
        ("suite", { $0.suite = 3 }),
        ("enc", { $0.enc[5] ^= 1 }),
        ("ciphertext", { $0.ciphertext[200] ^= 0x80 }),
        ("sent_at", { $0.sentAt += 1 }),
        ("signature", { $0.signature[0] ^= 1 }),
    ]

    @Test("Changing any field or flipping a bit breaks the signature", arguments: flips.indices)
    func flipped(index: Int) throws {
        let fixture = try CheckinFixture()
        var item = fixture.item
        Self.flips[index].1(&item)
        #expect(!item.signatureValid(devicePK: fixture.key.publicKey), "\(Self.flips[index].0)")
    }

    @Test("The aad binds every unsealed field but the time; the info the athlete epoch")
    func aadAndInfo() throws {
        let item = try CheckinFixture().item
        for index in Self.flips.indices
        where !["enc", "ciphertext", "sent_at", "signature"]
            .contains(Self.flips[index].0)
        {
            var other = item
            Self.flips[index].1(&other)
            #expect(other.aad != item.aad, "\(Self.flips[index].0)")
        }
        var later = item
        later.sentAt += 1
        later.day = "2026-11-24"
        #expect(later.info == item.info)
        later.epoch = 3
        #expect(later.info != item.info)
    }

    static let padding: [(plaintext: Int, padded: Int?)] = [
        (0, 256), (1, 256), (255, 256), (256, 512), (511, 512), (512, 1_024), (1_023, 1_024),
        (1_024, 2_048), (2_047, 2_048), (2_048, nil),
    ]

    @Test("Padding picks the smallest bucket that holds the 0x80 byte", arguments: padding)
    func pads(plaintext: Int, padded: Int?) throws {
        let bytes = [UInt8](repeating: 0x41, count: plaintext)
        let result = CheckinPadding.pad(bytes)
        #expect(result?.count == padded)
        if let result {
            #expect(result[plaintext] == 0x80)
            #expect(result[(plaintext + 1)...].allSatisfy { $0 == 0 })
            #expect(CheckinPadding.unpad(result) == bytes)
        }
    }

    @Test("Unpadding refuses a wrong size, a missing 0x80, or a non-zero byte after it")
    func badPadding() throws {
        let good = try #require(CheckinPadding.pad(Array("{\"mood\":4}".utf8)))
        var noMark = good
        noMark[10] = 0
        var trailing = good
        trailing[255] = 1
        var zeros = good
        zeros[10] = 0x81
        for bad in [
            Array(good.dropLast()), noMark, trailing, zeros, [UInt8](repeating: 0, count: 256),
        ] {
            #expect(CheckinPadding.unpad(bad) == nil)
        }
    }
}
