import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Testing

@Suite struct RosterStreamMarkTests {
    static let head = [UInt8](repeating: 0xAB, count: 32)

    static func rotation(commitment: [UInt8] = [1]) -> RosterEpoch {
        RosterEpoch(
            athleteId: "a-jane",
            row: EpochRow(
                epoch: 2, commitment: commitment, previousNonce: [2], previousWrapped: [3],
                signerId: "u-olga", signature: [4]))
    }

    static func marked(by signer: SigningKeyPair, sseq: Int64 = 7, head: [UInt8] = head)
        -> RosterEpoch
    {
        var epoch = rotation()
        var mark = RosterStreamMark(sseq: sseq, head: head)
        mark.sign(by: signer, workspaceId: SyncFixture.workspace, epoch: epoch)
        epoch.streamMark = mark
        return epoch
    }

    @Test("an epoch entry without a mark keeps the JSON and hash it had before marks")
    func unmarkedUnchanged() throws {
        let entry = RosterEntry.epoch(Self.rotation())
        let text = String(decoding: try SyncJSON.encode(entry), as: UTF8.self)
        #expect(!text.contains("stream_mark"))
        let expected = AssociatedData("coach/1/roster-entry").with(
            "epoch",
            AssociatedData("epoch").with(
                "a-jane", 2, [UInt8]([1]), 1, [UInt8]([2]), [UInt8]([3]), "u-olga",
                [UInt8]([4])
            ).bytes)
        #expect(entry.canonicalBytes == expected.bytes)
    }

    @Test("a marked epoch survives JSON, and its mark moves the entry's hash")
    func markedRoundTrip() throws {
        let fixture = try SyncFixture()
        let marked = Self.marked(by: fixture.owner)
        let entry = RosterEntry.epoch(marked)
        let text = String(decoding: try SyncJSON.encode(entry), as: UTF8.self)
        #expect(text.contains("\"stream_mark\":{"))
        let back = try SyncJSON.decode(RosterEntry.self, from: try SyncJSON.encode(entry))
        #expect(back == entry)
        #expect(back.hash == entry.hash)
        #expect(entry.hash != RosterEntry.epoch(Self.rotation()).hash)
        var moved = marked
        moved.streamMark?.sseq = 8
        #expect(RosterEntry.epoch(moved).hash != entry.hash)
    }

    @Test("the mark verifies only for its signer, workspace, epoch and position")
    func markVerifies() throws {
        let fixture = try SyncFixture()
        let epoch = Self.marked(by: fixture.owner)
        let mark = try #require(epoch.streamMark)
        let ws = SyncFixture.workspace
        #expect(mark.verifies(signPK: fixture.owner.publicKey, workspaceId: ws, epoch: epoch))
        #expect(!mark.verifies(signPK: fixture.device.publicKey, workspaceId: ws, epoch: epoch))
        #expect(!mark.verifies(signPK: fixture.owner.publicKey, workspaceId: "other", epoch: epoch))
        let other = Self.rotation(commitment: [9])
        #expect(!mark.verifies(signPK: fixture.owner.publicKey, workspaceId: ws, epoch: other))
        var earlier = mark
        earlier.sseq = 6
        #expect(!earlier.verifies(signPK: fixture.owner.publicKey, workspaceId: ws, epoch: epoch))
        var forked = mark
        forked.head = SyncBytes([UInt8](repeating: 0xCD, count: 32))
        #expect(!forked.verifies(signPK: fixture.owner.publicKey, workspaceId: ws, epoch: epoch))
    }

    @Test(
        "a malformed position is refused even when signed",
        arguments: [
            (Int64(-1), [UInt8](repeating: 0, count: 32)),
            (Int64(0), [UInt8](repeating: 1, count: 32)),
            (Int64(3), [UInt8](repeating: 1, count: 31)),
        ])
    func malformed(sseq: Int64, head: [UInt8]) throws {
        let fixture = try SyncFixture()
        let epoch = Self.marked(by: fixture.owner, sseq: sseq, head: head)
        let mark = try #require(epoch.streamMark)
        #expect(
            !mark.verifies(
                signPK: fixture.owner.publicKey, workspaceId: SyncFixture.workspace, epoch: epoch))
    }

    @Test("an empty stream's mark is sequence 0 at the genesis head")
    func emptyStream() throws {
        let fixture = try SyncFixture()
        let epoch = Self.marked(by: fixture.owner, sseq: 0, head: StreamChain.genesis)
        let mark = try #require(epoch.streamMark)
        #expect(
            mark.verifies(
                signPK: fixture.owner.publicKey, workspaceId: SyncFixture.workspace, epoch: epoch))
    }
}
