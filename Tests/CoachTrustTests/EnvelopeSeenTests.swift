import CoachCrypto
import CoachKit
import CoachTrust
import Testing

/// The envelope's `seen` field: the log position a device had verified, signed with the change
/// (signed version 2) in byte form version 3; envelopes without it keep the version-1 signed
/// message and byte form 2, so everything signed before still reads and verifies.
@Suite struct EnvelopeSeenTests {
    static let seen = LogPosition(size: 1_250, root: [UInt8](repeating: 0xAB, count: 32))

    /// A signed change naming `seen`, with the byte-form suite's ids.
    static func change(seen: LogPosition?, key: SigningKeyPair) -> ChangeEnvelope {
        var change = EnvelopeByteFormTests.change(ids: EnvelopeByteFormTests.uuids, key: key)
        change.seen = seen
        change.sign(by: key)
        return change
    }

    @Test("A change naming its seen log reads back from byte form 3 and verifies")
    func roundTrip() throws {
        let key = try EnvelopeByteFormTests.key()
        let change = Self.change(seen: Self.seen, key: key)
        let bytes = change.encoded()
        #expect(Array(bytes.prefix(2)) == [0xCE, UInt8(ChangeEnvelope.seenFormatVersion)])
        let read = try ChangeEnvelope.decode(bytes)
        #expect(read == change)
        #expect(read.seen == Self.seen)
        #expect(read.signatureValid(devicePK: key.publicKey))
        let plain = Self.change(seen: nil, key: key)
        #expect(bytes.count == plain.encoded().count + 2 + 32)
    }

    @Test("A change without seen keeps byte form 2 and the signed message of version 1")
    func withoutSeen() throws {
        let key = try EnvelopeByteFormTests.key()
        let change = Self.change(seen: nil, key: key)
        #expect(change.encoded()[1] == UInt8(ChangeEnvelope.formatVersion))
        let versionOne = AssociatedData("coach/1/change").with(
            1, change.workspaceId, "athlete", EnvelopeByteFormTests.athlete, change.object,
            change.kind, change.day, Int(change.operation.rawValue), change.baseVersion,
            Int64(bitPattern: change.clock.packed), change.device.rawValue,
            change.author.rawValue, change.epoch, change.sequence, change.previousHash,
            change.bodyHash
        ).bytes
        #expect(change.signedMessage == versionOne)
        let fromVersion1 = try ChangeEnvelope.decode(change.encodedVersion1())
        #expect(fromVersion1 == change && fromVersion1.signatureValid(devicePK: key.publicKey))
        #expect(try ChangeEnvelope.decode(change.encoded()).seen == nil)
    }

    @Test("The seen position is signed: changed, added or removed, the signature fails")
    func seenIsSigned() throws {
        let key = try EnvelopeByteFormTests.key()
        let change = Self.change(seen: Self.seen, key: key)
        var altered: [ChangeEnvelope] = []
        for edit in 0..<4 {
            var copy = change
            switch edit {
            case 0: copy.seen?.size += 1
            case 1: copy.seen?.root[31] ^= 1
            case 2: copy.seen = nil
            default: copy.seen = LogPosition(size: 0, root: [UInt8](repeating: 0, count: 32))
            }
            altered.append(copy)
        }
        var added = Self.change(seen: nil, key: key)
        added.seen = Self.seen
        altered.append(added)
        for copy in altered {
            #expect(!copy.signatureValid(devicePK: key.publicKey))
            #expect(copy.hash != change.hash)
        }
    }

    @Test("Every single-bit flip of a version-3 envelope is refused or fails its signature")
    func everyBitFlip() throws {
        let key = try EnvelopeByteFormTests.key()
        let bytes = Self.change(seen: Self.seen, key: key).encoded()
        var accepted: [Int] = []
        for bit in 0..<bytes.count * 8 {
            var damaged = bytes
            damaged[bit / 8] ^= 1 << UInt8(bit % 8)
            if let read = try? ChangeEnvelope.decode(damaged),
                read.signatureValid(devicePK: key.publicKey)
            {
                accepted.append(bit)
            }
        }
        #expect(accepted.isEmpty, "bits accepted after a flip: \(accepted)")
    }

    @Test(
        "A version-3 envelope cut short, extended, downgraded or with a huge seen size is refused")
    func strict() throws {
        let key = try EnvelopeByteFormTests.key()
        let change = Self.change(seen: Self.seen, key: key)
        let bytes = change.encoded()
        for count in 0..<bytes.count {
            #expect(throws: ChangeRejection.self) {
                try ChangeEnvelope.decode(Array(bytes.prefix(count)))
            }
        }
        #expect(throws: ChangeRejection.self) { try ChangeEnvelope.decode(bytes + [0]) }
        var downgraded = change
        downgraded.seen = nil
        var asVersion2 = downgraded.encoded()
        asVersion2[1] = UInt8(ChangeEnvelope.seenFormatVersion)
        #expect(throws: ChangeRejection.self) { try ChangeEnvelope.decode(asVersion2) }
        let stripped = try ChangeEnvelope.decode(downgraded.encoded())
        #expect(!stripped.signatureValid(devicePK: key.publicKey))
        let huge = Self.change(
            seen: LogPosition(size: UInt64(ChangeEnvelope.maxCounter) + 1, root: Self.seen.root),
            key: key)
        #expect(throws: ChangeRejection.malformed("a field is out of range")) {
            try ChangeEnvelope.decode(huge.encoded())
        }
        #expect(throws: ChangeRejection.unsupportedVersion(6)) {
            var future = bytes
            future[1] = 6
            _ = try ChangeEnvelope.decode(future)
        }
    }
}
