import CoachTrust
import Testing

@testable import CoachStore

/// The log mark inside a user's marks: format 2 carries it, format 1 (written before it) still
/// reads as no verified head, and only a higher reset counter lowers it.
@Suite struct LocalMarksLogTests {
    static func head(size: UInt64, root: UInt8) -> SignedTreeHead {
        SignedTreeHead(
            workspaceId: "w", keyId: [UInt8](repeating: 7, count: 32), size: size,
            root: [UInt8](repeating: root, count: 32), time: 1)
    }

    static var marks: LocalMarks {
        var m = LocalMarks()
        m.auditSeq = 3
        m.auditHash = [UInt8](repeating: 9, count: 32)
        m.certificates = ["u1": 2]
        m.epochs = [
            "a1": UserState.EpochMark(epoch: 4, commitment: [UInt8](repeating: 5, count: 32))
        ]
        m.absorb(logHead: head(size: 1_234, root: 1))
        _ = m.reset(to: head(size: 1_234, root: 1), counter: 0)
        return m
    }

    @Test("Format 2 reads back with the log mark; a format-1 encoding reads with none")
    func formats() throws {
        let m = Self.marks
        #expect(LocalMarks(decoding: m.encoded()) == m)
        // Format 1: the same bytes without the log mark's 48 bytes, under format byte 1.
        var old = Array(m.encoded().dropLast(48))
        old[0] = 1
        var expected = m
        expected.logSize = 0
        expected.logRoot = []
        #expect(LocalMarks(decoding: old) == expected)
        // A format-2 encoding cut short, or with bytes after it, is not marks.
        #expect(LocalMarks(decoding: Array(m.encoded().dropLast())) == nil)
        #expect(LocalMarks(decoding: m.encoded() + [0]) == nil)
        #expect(LocalMarks(decoding: [3] + m.encoded().dropFirst()) == nil)
    }

    @Test(
        "The file's head against the mark",
        arguments: [
            (UInt64?.none, UInt8(1), true), (1_233, 1, true), (1_234, 2, true),
            (1_234, 1, false), (1_300, 2, false),
        ] as [(UInt64?, UInt8, Bool)])
    func markProblem(size: UInt64?, root: UInt8, refused: Bool) {
        let held = size.map { Self.head(size: $0, root: root) }
        #expect((Self.marks.logMarkProblem(held) != nil) == refused)
    }

    @Test("The mark never goes down except through a reset with a higher counter")
    func onlyResetsLower() {
        var m = Self.marks
        m.absorb(logHead: Self.head(size: 10, root: 3))
        #expect(m.logSize == 1_234)
        let first = m.reset(to: Self.head(size: 10, root: 3), counter: 1)
        #expect(first && m.logSize == 10 && m.logResets == 1)
        let replayed = m.reset(to: nil, counter: 1)
        #expect(!replayed && m.logSize == 10)
        let second = m.reset(to: nil, counter: 2)
        #expect(second)
        #expect(m.logSize == 0 && m.logRoot.isEmpty)
        #expect(m.logMarkProblem(nil) == nil)
    }
}
