import CoachCrypto
import CoachKit
import CoachTrust
import Testing

/// The client's log step (`LogVerifier`): a served tree head is accepted only when it is
/// certified, signed and consistent with the held one; a smaller log is a rollback and a
/// contradicting one a fork, each naming the sizes. Also a device's `seen`, a stream's
/// inclusion, an owner checkpoint and a log reset held to the served head.
@Suite struct LogVerifierTests {
    /// A log of 20 entries and a fork of it that agrees on the first 8, with heads signed by the
    /// fixture's certified key.
    struct World {
        let f: LogFixture
        var log = MerkleLog()
        var fork = MerkleLog()

        init() throws {
            f = try LogFixture()
            for n in 0..<20 {
                try log.append(data: Array("entry \(n)".utf8))
                try fork.append(data: Array((n < 8 ? "entry \(n)" : "forked \(n)").utf8))
            }
        }

        var verifier: LogVerifier { LogVerifier(anchor: f.anchor, certificates: [f.certificate]) }

        func head(_ size: UInt64, of log: MerkleLog? = nil, key: SigningKeyPair? = nil) throws
            -> SignedTreeHead
        {
            f.head(size: size, root: try (log ?? self.log).root(at: size), key: key)
        }

        func proof(_ old: UInt64, _ new: UInt64, of log: MerkleLog? = nil) throws -> [[UInt8]] {
            try (log ?? self.log).consistencyProof(from: old, to: new)
        }
    }

    /// A step from a held head to a served one, and what it must give.
    enum StepCase: String, CaseIterable, CustomTestStringConvertible {
        case first, same, grown, fromEmpty, smaller, sameSizeOtherRoot, forkedAndGrown
        case emptyProof, proofFromAnotherSize, proofOfTheFork
        case otherWorkspace, uncertifiedKey, keyCertifiedFromLater, keyIdOfAnotherKey
        case certificateNotTheOwners

        var testDescription: String { rawValue }

        /// The held head, the served head, the proof and the verifier of this case.
        func inputs(_ w: World) throws -> (
            SignedTreeHead?, SignedTreeHead, [[UInt8]], LogVerifier
        ) {
            let held = try w.head(10)
            let v = w.verifier
            switch self {
            case .first: return (nil, try w.head(10), [], v)
            case .same: return (held, try w.head(10), [], v)
            case .grown: return (held, try w.head(15), try w.proof(10, 15), v)
            case .fromEmpty: return (try w.head(0), try w.head(5), [], v)
            case .smaller: return (held, try w.head(7), [], v)
            case .sameSizeOtherRoot: return (held, try w.head(10, of: w.fork), [], v)
            case .forkedAndGrown:
                return (held, try w.head(15, of: w.fork), try w.proof(10, 15, of: w.fork), v)
            case .emptyProof: return (held, try w.head(15), [], v)
            case .proofFromAnotherSize: return (held, try w.head(15), try w.proof(9, 15), v)
            case .proofOfTheFork:
                return (held, try w.head(15), try w.proof(10, 15, of: w.fork), v)
            case .otherWorkspace:
                let other = w.f.head(size: 15, root: try w.log.root(at: 15), workspaceId: "ws-2")
                return (held, other, try w.proof(10, 15), v)
            case .uncertifiedKey:
                let stranger = try SigningKeyPair.generate()
                return (held, try w.head(15, key: stranger), try w.proof(10, 15), v)
            case .keyCertifiedFromLater:
                let later = LogFixture.certify(w.f.server, by: w.f.owner, fromSize: 16)
                let verifier = LogVerifier(anchor: w.f.anchor, certificates: [later])
                return (held, try w.head(15), try w.proof(10, 15), verifier)
            case .keyIdOfAnotherKey:
                var served = try w.head(15)
                served.signature = try SigningKeyPair.generate().sign(served.message)
                return (held, served, try w.proof(10, 15), v)
            case .certificateNotTheOwners:
                let selfSigned = LogFixture.certify(w.f.server, by: w.f.server)
                let verifier = LogVerifier(anchor: w.f.anchor, certificates: [selfSigned])
                return (held, try w.head(15), try w.proof(10, 15), verifier)
            }
        }

        /// The step's outcome, or the failure it must throw.
        func expected(_ w: World, served: SignedTreeHead) throws
            -> Result<LogVerifier.Step, LogFailure>
        {
            let keyFingerprint = w.f.certificate.fingerprint
            switch self {
            case .first: return .success(.advanced(try w.head(10)))
            case .same: return .success(.unchanged)
            case .grown: return .success(.advanced(try w.head(15)))
            case .fromEmpty: return .success(.advanced(try w.head(5)))
            case .smaller: return .failure(.rolledBack(from: 10, to: 7))
            case .sameSizeOtherRoot: return .failure(.forked(held: 10, served: 10))
            case .forkedAndGrown, .emptyProof, .proofFromAnotherSize, .proofOfTheFork:
                return .failure(.forked(held: 10, served: 15))
            case .otherWorkspace: return .failure(.badHead("it is of another workspace"))
            case .uncertifiedKey:
                return .failure(.uncertifiedKey(String(hex(served.keyId).prefix(16))))
            case .keyCertifiedFromLater, .certificateNotTheOwners:
                return .failure(.uncertifiedKey(keyFingerprint))
            case .keyIdOfAnotherKey:
                return .failure(.badHead("its signature is not its log key's"))
            }
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    @Test(
        "A served head advances, stays, or is refused naming the sizes",
        arguments: StepCase.allCases)
    func step(kind: StepCase) throws {
        let w = try World()
        let (held, served, proof, verifier) = try kind.inputs(w)
        let outcome = Result { () throws(LogFailure) -> LogVerifier.Step in
            try verifier.step(held: held, served: served, consistency: proof)
        }
        switch (outcome, try kind.expected(w, served: served)) {
        case (.success(.advanced(let got)), .success(.advanced(let want))):
            #expect(got.position == want.position)
        case (let got, let want): #expect(got == want)
        }
    }

    @Test("A device's seen position must be in the served log: larger is a rollback, other a fork")
    func seen() throws {
        let w = try World()
        let served = try w.head(15)
        let v = w.verifier
        let seen = LogPosition(size: 12, root: try w.log.root(at: 12))
        try v.checkSeen(seen, device: "d-1", served: served, consistency: try w.proof(12, 15))
        try v.checkSeen(served.position, device: "d-1", served: served, consistency: [])
        let forked = LogPosition(size: 12, root: try w.fork.root(at: 12))
        #expect(throws: LogFailure.seenForked(device: "d-1", seen: 12)) {
            try v.checkSeen(forked, device: "d-1", served: served, consistency: try w.proof(12, 15))
        }
        let ahead = LogPosition(size: 18, root: try w.log.root(at: 18))
        #expect(throws: LogFailure.rolledBack(from: 18, to: 15)) {
            try v.checkSeen(ahead, device: "d-1", served: served, consistency: [])
        }
    }

    @Test("A stream's change must be in the signed log at its index")
    func inclusion() throws {
        let w = try World()
        let served = try w.head(15)
        let v = w.verifier
        let data = Array("entry 6".utf8)
        let proof = try w.log.inclusionProof(index: 6, size: 15)
        try v.checkIncluded(
            stream: .athlete("a-jane"), sequence: 3, leafData: data, index: 6, served: served,
            proof: proof)
        let refused = LogFailure.notIncluded(stream: .athlete("a-jane"), sequence: 3)
        for (leaf, index) in [(Array("entry 7".utf8), 6), (data, 7)] as [([UInt8], UInt64)] {
            #expect(throws: refused) {
                try v.checkIncluded(
                    stream: .athlete("a-jane"), sequence: 3, leafData: leaf, index: index,
                    served: served, proof: proof)
            }
        }
    }

    @Test("An owner checkpoint the served log does not extend is a fork at its size")
    func checkpoint() throws {
        let w = try World()
        let served = try w.head(15)
        let v = w.verifier
        try v.checkCheckpoint(
            w.f.checkpoint(try w.head(12)), served: served, consistency: try w.proof(12, 15))
        let forked = w.f.checkpoint(try w.head(12, of: w.fork))
        #expect(throws: LogFailure.checkpointForked(at: 12)) {
            try v.checkCheckpoint(forked, served: served, consistency: try w.proof(12, 15))
        }
        #expect(throws: LogFailure.rolledBack(from: 18, to: 15)) {
            try v.checkCheckpoint(
                w.f.checkpoint(try w.head(18)), served: served, consistency: [])
        }
        var bySomeoneElse = w.f.checkpoint(try w.head(12))
        bySomeoneElse.sign(by: w.f.server)
        #expect(throws: LogFailure.badHead("its checkpoint is not the owner's")) {
            try v.checkCheckpoint(bySomeoneElse, served: served, consistency: try w.proof(12, 15))
        }
    }

    @Test("A log reset counts only owner-signed, newer than the last, and extended by the log")
    func reset() throws {
        let w = try World()
        let v = w.verifier
        let served = try w.head(9)
        func statement(counter: UInt64, restored: UInt64, key: SigningKeyPair? = nil) throws
            -> LogResetStatement
        {
            var reset = LogResetStatement(
                workspaceId: LogFixture.workspaceId, counter: counter, restoredSize: restored,
                restoredRoot: try w.log.root(at: restored), restoredRosterHead: LogFixture.hash(2),
                lostSize: 15, lostRoot: try w.log.root(at: 15), time: LogFixture.time)
            reset.sign(by: key ?? w.f.owner)
            return reset
        }
        let accepted = try v.acceptReset(
            try statement(counter: 2, restored: 8), held: try w.head(15), lastCounter: 1,
            served: served, consistency: try w.proof(8, 9))
        #expect(accepted == served)
        #expect(throws: LogFailure.badReset("reset 1 is not newer than reset 1")) {
            try v.acceptReset(
                try statement(counter: 1, restored: 8), held: nil, lastCounter: 1, served: served,
                consistency: try w.proof(8, 9))
        }
        #expect(throws: LogFailure.badReset("not signed by the owner")) {
            try v.acceptReset(
                try statement(counter: 2, restored: 8, key: w.f.server), held: nil, lastCounter: 1,
                served: served, consistency: try w.proof(8, 9))
        }
        let forkHead = try w.head(12, of: w.fork)
        let why = "the server's log of 12 does not extend the restored 10"
        #expect(throws: LogFailure.badReset(why)) {
            try v.acceptReset(
                try statement(counter: 2, restored: 10), held: nil, lastCounter: 1,
                served: forkHead,
                consistency: try w.proof(10, 12, of: w.fork))
        }
    }

    @Test("An old reset replayed to a machine that verified a larger or later log is refused")
    func replayedReset() throws {
        let w = try World()
        var reset = LogResetStatement(
            workspaceId: LogFixture.workspaceId, counter: 1, restoredSize: 8,
            restoredRoot: try w.log.root(at: 8), restoredRosterHead: LogFixture.hash(2),
            lostSize: 12, lostRoot: try w.log.root(at: 12), time: LogFixture.time)
        reset.sign(by: w.f.owner)
        let served = try w.head(9, of: w.fork)
        let proof = try w.proof(8, 9, of: w.fork)
        let why = "reset 1 gives up a log of 12 but this machine verified 15 entries since"
        #expect(throws: LogFailure.badReset(why)) {
            try w.verifier.acceptReset(
                reset, held: try w.head(15), lastCounter: 0, served: served, consistency: proof)
        }
        // A machine that verified the restored log after the reset counted it as taken.
        let later = try w.head(9, of: w.fork)
        #expect(throws: LogFailure.badReset("reset 1 is not newer than reset 1")) {
            try w.verifier.acceptReset(
                reset, held: later, lastCounter: 1, served: served, consistency: proof)
        }
        let sameSizeFork = try w.head(12, of: w.fork)
        #expect(throws: LogFailure.self) {
            try w.verifier.acceptReset(
                reset, held: sameSizeFork, lastCounter: 0, served: served, consistency: proof)
        }
        let before = try w.head(11)
        #expect(
            try w.verifier.acceptReset(
                reset, held: before, lastCounter: 0, served: served, consistency: proof) == served)
    }

    @Test("A server clock ahead of the owner's does not refuse a reset of the log it gave up")
    func resetUnderClockSkew() throws {
        let w = try World()
        var reset = LogResetStatement(
            workspaceId: LogFixture.workspaceId, counter: 1, restoredSize: 8,
            restoredRoot: try w.log.root(at: 8), restoredRosterHead: LogFixture.hash(2),
            lostSize: 12, lostRoot: try w.log.root(at: 12), time: LogFixture.time)
        reset.sign(by: w.f.owner)
        let served = try w.head(9, of: w.fork)
        let proof = try w.proof(8, 9, of: w.fork)
        // The lost head, signed an hour "after" the reset by the server's fast clock.
        let ahead = w.f.head(
            size: 12, root: try w.log.root(at: 12), time: LogFixture.time + 3_600_000)
        #expect(
            try w.verifier.acceptReset(
                reset, held: ahead, lastCounter: 0, served: served, consistency: proof) == served)
    }

    @Test("Every log failure but an unknown version is an integrity failure naming its numbers")
    func failures() {
        let cases: [(LogFailure, FailureCategory, String)] = [
            (.rolledBack(from: 1_234, to: 1_100), .corrupt, "went back from 1234 to 1100"),
            (.forked(held: 1_234, served: 1_300), .corrupt, "of 1300 entries does not extend"),
            (.badHead("x"), .corrupt, "not valid: x"),
            (.uncertifiedKey("0011223344556677"), .corrupt, "key 0011223344556677"),
            (
                .notIncluded(stream: .athlete("a-jane"), sequence: 57), .corrupt,
                "a-jane's stream at 57"
            ),
            (.notIncluded(stream: .roster, sequence: 4), .corrupt, "roster's stream at 4"),
            (.seenForked(device: "d-1", seen: 1_250), .corrupt, "device d-1 names a log of 1250"),
            (.checkpointForked(at: 1_200), .corrupt, "checkpoint at 1200"),
            (.badReset("y"), .corrupt, "not valid: y"),
            (.malformed("a signed tree head"), .corrupt, "a signed tree head is damaged"),
            (
                .unsupportedVersion(what: "a signed tree head", version: 9), .invalidData,
                "version 9"
            ),
        ]
        for (failure, category, phrase) in cases {
            #expect(failure.category == category)
            #expect(failure.problemDescription.contains(phrase), "\(failure.problemDescription)")
        }
    }
}
