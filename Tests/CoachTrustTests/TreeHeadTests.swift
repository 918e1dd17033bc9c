import CoachCrypto
import CoachKit
import CoachTrust
import Testing

/// The log's signed values (tree head, log key certificate, owner checkpoint, log-reset
/// statement): signed and verified, and their strict byte forms, where every damaged byte is
/// refused by the decoder or by the signature check.
@Suite struct TreeHeadTests {
    /// One kind of signed log value, built, read back and checked the way a client does.
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case treeHead, keyCertificate, checkpoint, reset

        var testDescription: String { rawValue }

        /// The fixture's value of this kind in its byte form.
        func encoded(_ f: LogFixture) -> [UInt8] {
            switch self {
            case .treeHead: f.head(size: 1_234, root: LogFixture.hash(7)).encoded()
            case .keyCertificate: f.certificate.encoded()
            case .checkpoint: f.checkpoint(f.head(size: 1_200, root: LogFixture.hash(8))).encoded()
            case .reset: f.reset().encoded()
            }
        }

        /// Decodes `bytes` as this kind, or throws the decoder's failure.
        func decode(_ bytes: [UInt8]) throws(LogFailure) -> any Equatable {
            switch self {
            case .treeHead: try SignedTreeHead.decode(bytes)
            case .keyCertificate: try LogKeyCertificate.decode(bytes)
            case .checkpoint: try TreeHeadCountersignature.decode(bytes)
            case .reset: try LogResetStatement.decode(bytes)
            }
        }

        /// Whether `bytes` decode and verify as this kind under the fixture's owner and key.
        func accepts(_ bytes: [UInt8], _ f: LogFixture) -> Bool {
            switch self {
            case .treeHead:
                (try? SignedTreeHead.decode(bytes)).map(f.certificate.certifies) ?? false
            case .keyCertificate:
                (try? LogKeyCertificate.decode(bytes)).map { $0.valid(anchor: f.anchor) } ?? false
            case .checkpoint:
                (try? TreeHeadCountersignature.decode(bytes)).map {
                    $0.valid(anchor: f.anchor) && f.certificate.certifies($0.head)
                } ?? false
            case .reset:
                (try? LogResetStatement.decode(bytes)).map { $0.valid(anchor: f.anchor) } ?? false
            }
        }
    }

    @Test(
        "Each signed log value reads back from its byte form and verifies", arguments: Kind.allCases
    )
    func roundTrip(kind: Kind) throws {
        let f = try LogFixture()
        let bytes = kind.encoded(f)
        #expect(kind.accepts(bytes, f))
        let head = f.head(size: 1_234, root: LogFixture.hash(7))
        #expect(try SignedTreeHead.decode(head.encoded()) == head)
        #expect(try LogKeyCertificate.decode(f.certificate.encoded()) == f.certificate)
        let checkpoint = f.checkpoint(head)
        #expect(try TreeHeadCountersignature.decode(checkpoint.encoded()) == checkpoint)
        #expect(try LogResetStatement.decode(f.reset().encoded()) == f.reset())
    }

    @Test("Every single-bit flip of a signed log value is refused", arguments: Kind.allCases)
    func everyBitFlip(kind: Kind) throws {
        let f = try LogFixture()
        let bytes = kind.encoded(f)
        var accepted: [Int] = []
        for bit in 0..<bytes.count * 8 {
            var damaged = bytes
            damaged[bit / 8] ^= 1 << UInt8(bit % 8)
            if kind.accepts(damaged, f) { accepted.append(bit) }
        }
        #expect(accepted.isEmpty, "bits accepted after a flip: \(accepted)")
    }

    @Test("Every truncation and any trailing byte is refused as damage", arguments: Kind.allCases)
    func truncatedOrExtended(kind: Kind) throws {
        let f = try LogFixture()
        let bytes = kind.encoded(f)
        for count in 0..<bytes.count {
            #expect(throws: LogFailure.self) { try kind.decode(Array(bytes.prefix(count))) }
        }
        for extra: [UInt8] in [[0], [0xFF], bytes] {
            #expect(throws: LogFailure.malformed(Self.what(kind))) {
                try kind.decode(bytes + extra)
            }
        }
    }

    @Test(
        "An unknown version is refused as such, another kind's bytes as damage",
        arguments: Kind.allCases)
    func versionsAndKinds(kind: Kind) throws {
        let f = try LogFixture()
        var bytes = kind.encoded(f)
        for version: UInt8 in [0, 2, 0xFF] {
            bytes[1] = version
            #expect(
                throws: LogFailure.unsupportedVersion(what: Self.what(kind), version: Int(version))
            ) {
                try kind.decode(bytes)
            }
        }
        for other in Kind.allCases where other != kind {
            #expect(throws: LogFailure.malformed("\(Self.what(kind)) (not one)")) {
                try kind.decode(other.encoded(f))
            }
        }
    }

    @Test("A size in more bytes than it needs, or a root of another length, does not read back")
    func strictFields() throws {
        let f = try LogFixture()
        let head = f.head(size: 5, root: LogFixture.hash(7))
        var longSize = head.encoded()
        // The size sits after magic, version, the packed workspace (17) and the key id (32).
        let sizeAt = 2 + 17 + 32
        #expect(longSize[sizeAt] == 5)
        longSize.replaceSubrange(sizeAt...sizeAt, with: [0x85, 0x00])
        #expect(throws: LogFailure.malformed("a signed tree head")) {
            try SignedTreeHead.decode(longSize)
        }
        for length in [0, 31, 33, 64] {
            let odd = f.head(size: 5, root: [UInt8](repeating: 7, count: length))
            #expect((try? SignedTreeHead.decode(odd.encoded())) != odd)
        }
    }

    @Test(
        "A head signed by another key, for another workspace or below the certified size is refused"
    )
    func certification() throws {
        let f = try LogFixture()
        let root = LogFixture.hash(7)
        #expect(f.certificate.certifies(f.head(size: 10, root: root)))
        let stranger = try SigningKeyPair.generate()
        #expect(!f.certificate.certifies(f.head(size: 10, root: root, key: stranger)))
        var renamed = f.head(size: 10, root: root)
        renamed.keyId = f.certificate.keyId
        renamed.signature = stranger.sign(renamed.message)
        #expect(!f.certificate.certifies(renamed))
        #expect(!f.certificate.certifies(f.head(size: 10, root: root, workspaceId: "ws-other")))
        let later = LogFixture.certify(f.server, by: f.owner, fromSize: 11)
        #expect(!later.certifies(f.head(size: 10, root: root)))
        #expect(later.certifies(f.head(size: 11, root: root)))
    }

    @Test("Owner statements signed by anyone but the owner, or for another workspace, are refused")
    func ownerSigned() throws {
        let f = try LogFixture()
        let byServer = LogFixture.certify(f.server, by: f.server)
        #expect(!byServer.valid(anchor: f.anchor))
        let elsewhere = LogFixture.certify(f.server, by: f.owner, workspaceId: "ws-other")
        #expect(!elsewhere.valid(anchor: f.anchor))
        var checkpoint = f.checkpoint(f.head(size: 3, root: LogFixture.hash(1)))
        #expect(checkpoint.valid(anchor: f.anchor))
        checkpoint.sign(by: f.server)
        #expect(!checkpoint.valid(anchor: f.anchor))
        var reset = f.reset()
        reset.sign(by: f.server)
        #expect(!reset.valid(anchor: f.anchor))
        var replay = f.reset(counter: 1)
        replay.counter = 2
        #expect(!replay.valid(anchor: f.anchor))
        var zero = f.reset()
        zero.counter = 0
        zero.sign(by: f.owner)
        #expect(throws: LogFailure.malformed("a log-reset statement")) {
            try LogResetStatement.decode(zero.encoded())
        }
    }

    @Test(
        "A checkpoint covers the server's signature: the same head re-signed is another checkpoint")
    func checkpointCoversServerSignature() throws {
        let f = try LogFixture()
        let head = f.head(size: 3, root: LogFixture.hash(1))
        let checkpoint = f.checkpoint(head)
        var other = checkpoint
        other.head.signature = f.server.sign(head.message + [0])
        #expect(!other.valid(anchor: f.anchor))
    }

    /// The phrase a kind's failures name it by.
    static func what(_ kind: Kind) -> String {
        switch kind {
        case .treeHead: "a signed tree head"
        case .keyCertificate: "a log key certificate"
        case .checkpoint: "an owner checkpoint"
        case .reset: "a log-reset statement"
        }
    }
}
