import CoachCrypto
import CoachKit
import CoachTrust
import Testing

/// The compact byte form (version 2): ids packed as UUID bytes, LEB128 integers, strict
/// reading, and the version-1 form still read to the same signed envelope.
@Suite struct EnvelopeByteFormTests {
    static let workspace = "0f8e7d6c-5b4a-4938-8271-605f4e3d2c1b"
    static let athlete = "11111111-2222-4333-8444-555555555555"
    static let object = "9a8b7c6d-5e4f-4a3b-9c2d-1e0f00112233"
    static let device = "d0d1d2d3-d4d5-46d7-88d9-dadbdcdddedf"
    static let author = "a0a1a2a3-a4a5-46a7-88a9-aaabacadaeaf"

    /// One signed change with the given ids, stream and counters.
    static func change(
        ids: [String], stream: ChangeStream? = nil, sequence: Int64 = 1, base: Int64 = 0,
        key: SigningKeyPair
    ) -> ChangeEnvelope {
        var change = ChangeEnvelope(
            workspaceId: ids[0], stream: stream ?? .athlete(AthleteID(ids[1])), object: ids[2],
            kind: "wellness", day: "2026-11-20", operation: .patch, baseVersion: base,
            clock: HybridTimestamp(milliseconds: 1_764_000_000_000, counter: 3),
            device: DeviceID(ids[3]), author: UserID(ids[4]), epoch: 2, sequence: sequence,
            previousHash: [UInt8](repeating: 9, count: 32), body: [UInt8](repeating: 7, count: 110))
        change.sign(by: key)
        return change
    }

    static let uuids = [workspace, athlete, object, device, author]

    /// A fresh device key, libsodium ready.
    static func key() throws -> SigningKeyPair {
        try Sodium.initialize()
        return try SigningKeyPair.generate()
    }

    /// Ids, stream, sequence and base version, and the encoded length they give: 2 magic and
    /// version, 1 stream tag, 9 kind, 11 day, 1 operation, 8 clock, 1 epoch, 32 previous
    /// hash, 64 signature, 111 body = 240, plus each id (17 packed, else 1 + its length) and
    /// each integer's LEB128 bytes.
    static let sizes: [(String, [String], ChangeStream?, Int64, Int64, Int)] = [
        ("every id a UUID", uuids, nil, 1, 0, 240 + 5 * 17 + 2),
        ("the roster stream", uuids, .roster, 1, 0, 240 + 4 * 17 + 2),
        ("short text ids", ["ws-1", "a-1", "r-1", "d-1", "u-1"], nil, 1, 0, 240 + 5 + 4 * 4 + 2),
        (
            "an uppercase UUID stays text", [object.uppercased()] + uuids.dropFirst(), nil, 1, 0,
            240 + 37 + 4 * 17 + 2
        ),
        ("two-byte sequence and base", uuids, nil, 300, 128, 240 + 5 * 17 + 4),
        ("the largest sequence", uuids, nil, ChangeEnvelope.maxCounter, 0, 240 + 5 * 17 + 1 + 8),
    ]

    @Test("The compact form's length is its fields' and it round-trips", arguments: sizes.indices)
    func size(index: Int) throws {
        let (name, ids, stream, sequence, base, length) = Self.sizes[index]
        let key = try Self.key()
        let change = Self.change(ids: ids, stream: stream, sequence: sequence, base: base, key: key)
        let bytes = change.encoded()
        #expect(bytes.count == length, "\(name)")
        let decoded = try ChangeEnvelope.decode(bytes)
        #expect(decoded == change && decoded.hash == change.hash, "\(name)")
        #expect(decoded.signatureValid(devicePK: key.publicKey), "\(name)")
    }

    /// A base version, epoch and sequence, and whether an envelope carrying them reads: past
    /// `maxCounter` the next version or sequence would overflow a reader's arithmetic.
    static let counters: [(String, Int64, Int64, Int64, Bool)] = [
        (
            "all at the cap", ChangeEnvelope.maxCounter, ChangeEnvelope.maxCounter,
            ChangeEnvelope.maxCounter, true
        ),
        ("the largest base version", Int64.max, 2, 1, false),
        ("a base version one past the cap", ChangeEnvelope.maxCounter + 1, 2, 1, false),
        ("the largest epoch", 0, Int64.max, 1, false),
        ("an epoch one past the cap", 0, ChangeEnvelope.maxCounter + 1, 1, false),
        ("the largest sequence", 0, 2, Int64.max, false),
        ("a sequence one past the cap", 0, 2, ChangeEnvelope.maxCounter + 1, false),
        ("a negative base version", -1, 2, 1, false),
    ]

    @Test(
        "A base version, epoch or sequence past the cap is malformed in both forms",
        arguments: counters.indices)
    func counterCap(index: Int) throws {
        let (name, base, epoch, sequence, accepted) = Self.counters[index]
        let key = try Self.key()
        var change = Self.change(ids: Self.uuids, sequence: sequence, base: base, key: key)
        change.epoch = epoch
        change.sign(by: key)
        for bytes in [change.encoded(), change.encodedVersion1()] {
            if accepted {
                #expect(try ChangeEnvelope.decode(bytes) == change, "\(name)")
            } else {
                #expect(throws: ChangeRejection.malformed("a field is out of range"), "\(name)") {
                    try ChangeEnvelope.decode(bytes)
                }
            }
        }
    }

    @Test("Version-1 bytes read to the same envelope, signature and hash")
    func versionOne() throws {
        let key = try Self.key()
        let change = Self.change(ids: Self.uuids, key: key)
        let old = change.encodedVersion1()
        let label = AssociatedData("coach/1/change-envelope").with(1).bytes
        #expect(Array(old.prefix(label.count)) == label)
        let decoded = try ChangeEnvelope.decode(old)
        #expect(decoded == change && decoded.hash == change.hash)
        #expect(decoded.signatureValid(devicePK: key.publicKey))
        #expect(decoded.encoded() == change.encoded())
        #expect(change.encoded().count * 10 < old.count * 7, "the compact form saves 30 %")
    }

    /// Byte sequences that carry a valid envelope's values but not in their one encoding.
    static let uncanonical: [(String, @Sendable ([UInt8]) -> [UInt8])] = [
        (
            "a UUID id written as text",
            { bytes in
                // The workspace id follows the magic and version: tag 0 and 16 bytes.
                [bytes[0], bytes[1], 37] + Array(workspace.utf8) + bytes[19...]
            }
        ),
        (
            "an integer in a longer form than it needs",
            { bytes in
                // The sequence (1) is the byte before the previous hash, signature and body.
                let at = bytes.count - 111 - 64 - 32 - 1
                return Array(bytes[..<at]) + [0x81, 0x00] + bytes[(at + 1)...]
            }
        ),
        ("a byte after the body", { $0 + [0] }),
        ("a body length past the end", { Array($0.dropLast()) }),
        (
            "an unknown stream tag",
            { bytes in
                var damaged = bytes
                damaged[19] = 2
                return damaged
            }
        ),
    ]

    @Test("Bytes that are not the one encoding are refused", arguments: uncanonical.indices)
    func strict(index: Int) throws {
        let bytes = Self.change(ids: Self.uuids, key: try Self.key()).encoded()
        let damaged = Self.uncanonical[index].1(bytes)
        #expect(throws: ChangeRejection.self, "\(Self.uncanonical[index].0)") {
            try ChangeEnvelope.decode(damaged)
        }
    }

    @Test("Flipping any bit of a compact envelope with UUID ids never yields a valid one")
    func everyBit() throws {
        let key = try Self.key()
        let bytes = Self.change(ids: Self.uuids, key: key).encoded()
        for offset in bytes.indices {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[offset] ^= UInt8(1) << bit
                let decoded = try? ChangeEnvelope.decode(damaged)
                #expect(
                    decoded?.signatureValid(devicePK: key.publicKey) != true,
                    "bit \(bit) of byte \(offset) flipped was accepted")
            }
        }
    }
}
