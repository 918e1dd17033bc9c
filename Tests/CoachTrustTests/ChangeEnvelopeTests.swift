import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import Testing

/// The change envelope: its canonical byte form, its signature and each device's chain.
@Suite struct ChangeEnvelopeTests {
    @Test("An envelope round-trips through its byte form and its signature verifies")
    func roundTrip() throws {
        let fixture = try DeviceFixture()
        for change in fixture.laptopChanges(3) {
            let decoded = try ChangeEnvelope.decode(change.encoded())
            #expect(decoded == change && decoded.hash == change.hash)
            try ChangeVerifier.verifySignature(
                decoded, device: fixture.verifiedLaptop(), workspaceId: fixture.workspaceId)
        }
    }

    @Test("The byte form is canonical: one encoding per envelope, the version first")
    func canonical() throws {
        let change = try #require(try DeviceFixture().laptopChanges(1).first)
        let bytes = change.encoded()
        #expect(try ChangeEnvelope.decode(bytes).encoded() == bytes)
        #expect(Array(bytes.prefix(2)) == [0xCE, UInt8(ChangeEnvelope.formatVersion)])
    }

    static let tamperings: [(String, @Sendable (inout ChangeEnvelope) -> Void)] = [
        ("another athlete's stream", { $0.stream = .athlete("a-bert") }),
        ("the roster stream", { $0.stream = .roster }),
        ("another object", { $0.object = "rec-99" }),
        ("another kind", { $0.kind = "workout" }),
        ("another day", { $0.day = "2026-01-01" }),
        ("a put made a delete", { $0.operation = .delete }),
        ("the base version moved", { $0.baseVersion = 4 }),
        ("the clock moved ahead", { $0.clock = HybridTimestamp(packed: $0.clock.packed + 1) }),
        ("a retired epoch", { $0.epoch = 1 }),
        ("the sequence changed", { $0.sequence += 1 }),
        ("the previous hash changed", { $0.previousHash[0] ^= 1 }),
        ("the body swapped", { $0.body = Array("forged severe soreness".utf8) }),
        ("the body truncated", { $0.body.removeLast() }),
        ("the signature flipped", { $0.signature[10] ^= 0x40 }),
    ]

    @Test("A tampered envelope fails its device's signature", arguments: tamperings.indices)
    func tampered(index: Int) throws {
        let fixture = try DeviceFixture()
        var change = try #require(fixture.laptopChanges(1).first)
        Self.tamperings[index].1(&change)
        let decoded = try ChangeEnvelope.decode(change.encoded())
        #expect(
            throws: ChangeRejection.badSignature(device: "d-laptop"), "\(Self.tamperings[index].0)"
        ) {
            try ChangeVerifier.verifySignature(
                decoded, device: fixture.verifiedLaptop(), workspaceId: fixture.workspaceId)
        }
    }

    @Test("Flipping any single byte of the encoded form never yields an accepted envelope")
    func everyByte() throws {
        let fixture = try DeviceFixture()
        let laptop = try fixture.verifiedLaptop()
        let bytes = try #require(fixture.laptopChanges(1).first).encoded()
        for offset in bytes.indices {
            var damaged = bytes
            damaged[offset] ^= 0x01
            let accepted: Bool
            do {
                try ChangeVerifier.verifySignature(
                    ChangeEnvelope.decode(damaged), device: laptop,
                    workspaceId: fixture.workspaceId)
                accepted = true
            } catch {
                accepted = false
            }
            #expect(!accepted, "byte \(offset) flipped was accepted")
        }
    }

    @Test("Truncated, extended, relabelled or future-version bytes are refused")
    func malformed() throws {
        let bytes = try #require(try DeviceFixture().laptopChanges(1).first).encoded()
        for damaged in [Array(bytes.dropLast()), bytes + [0], Array(bytes.prefix(40)), []] {
            #expect(throws: ChangeRejection.self) { try ChangeEnvelope.decode(damaged) }
        }
        var relabelled = bytes
        relabelled[0] = 0xCF
        #expect(throws: ChangeRejection.malformed("not a change envelope")) {
            try ChangeEnvelope.decode(relabelled)
        }
        // Versions 3 (naming the seen log), 4 and 5 (redacted) are known since the log; 6 is
        // not.
        var future = bytes
        future[1] = 6
        #expect(throws: ChangeRejection.unsupportedVersion(6)) {
            try ChangeEnvelope.decode(future)
        }
    }

    @Test("A change signed by a key other than its device's is refused, naming the device")
    func wrongSigner() throws {
        let fixture = try DeviceFixture()
        var change = try #require(fixture.laptopChanges(1).first)
        change.sign(by: fixture.phoneKey)
        #expect(throws: ChangeRejection.badSignature(device: "d-laptop")) {
            try ChangeVerifier.verifySignature(
                change, device: fixture.verifiedLaptop(), workspaceId: fixture.workspaceId)
        }
        var otherAuthor = try #require(fixture.laptopChanges(1).first)
        otherAuthor.author = "u-olivia"
        otherAuthor.sign(by: fixture.laptopKey)
        #expect(throws: ChangeRejection.signerMismatch(device: "d-laptop")) {
            try ChangeVerifier.verifySignature(
                otherAuthor, device: fixture.verifiedLaptop(), workspaceId: fixture.workspaceId)
        }
        #expect(throws: ChangeRejection.otherWorkspace(device: "d-laptop")) {
            try ChangeVerifier.verifySignature(
                change, device: fixture.verifiedLaptop(), workspaceId: "ws-2")
        }
    }

    @Test("A revoked device's new change is refused; its earlier history still reads")
    func revokedDevice() throws {
        let fixture = try DeviceFixture()
        let revocation = fixture.revocation(
            of: fixture.laptop, by: "u-olivia", key: fixture.roster.owner)
        let laptop = try fixture.verifiedLaptop(revocation: revocation)
        let change = try #require(fixture.laptopChanges(1).first)
        #expect(throws: ChangeRejection.deviceRevoked(device: "d-laptop")) {
            try ChangeVerifier.verifySignature(
                change, device: laptop, workspaceId: fixture.workspaceId)
        }
        try ChangeVerifier.verifySignature(
            change, device: laptop, workspaceId: fixture.workspaceId, allowRevoked: true)
    }

    @Test("A device's unbroken chain verifies, from the genesis or from where it stood")
    func chain() throws {
        let changes = try DeviceFixture().laptopChanges(4)
        let end = try ChangeVerifier.verifyChain(changes, from: .genesis)
        #expect(end == .init(sequence: 4, hash: changes[3].hash))
        let middle = ChangeVerifier.ChainPosition(sequence: 2, hash: changes[1].hash)
        #expect(try ChangeVerifier.verifyChain(Array(changes[2...]), from: middle) == end)
        #expect(try ChangeVerifier.verifyChain([], from: middle) == middle)
    }

    typealias Break = (String, @Sendable ([ChangeEnvelope]) -> [ChangeEnvelope], ChangeRejection)

    static let breaks: [Break] =
        [
            (
                "a change left out", { [$0[0], $0[2], $0[3]] },
                .sequenceGap(
                    device: "d-laptop", expected: 2, found: 3)
            ),
            (
                "a change replayed", { [$0[0], $0[1], $0[1], $0[2]] },
                .sequenceGap(
                    device: "d-laptop", expected: 3, found: 2)
            ),
            (
                "two changes swapped", { [$0[0], $0[2], $0[1], $0[3]] },
                .sequenceGap(
                    device: "d-laptop", expected: 2, found: 3)
            ),
            (
                "the first change missing", { Array($0.dropFirst()) },
                .sequenceGap(
                    device: "d-laptop", expected: 1, found: 2)
            ),
            (
                "a change's body replaced after its successor was signed",
                {
                    var changes = $0
                    changes[1].body = Array("forged".utf8)
                    return changes
                },
                .brokenChain(device: "d-laptop", sequence: 3)
            ),
            (
                "a change inserted with a forged previous hash",
                {
                    var changes = $0
                    changes[2].previousHash = ChangeEnvelope.genesisHash
                    return changes
                },
                .brokenChain(device: "d-laptop", sequence: 3)
            ),
        ]

    @Test("A gap, a replay, a reordering or a broken link is refused", arguments: breaks.indices)
    func brokenChain(index: Int) throws {
        let changes = Self.breaks[index].1(try DeviceFixture().laptopChanges(4))
        #expect(throws: Self.breaks[index].2, "\(Self.breaks[index].0)") {
            try ChangeVerifier.verifyChain(changes, from: .genesis)
        }
    }
}
