import CoachSync
import CoachTrust
import Testing

@testable import CoachServer

/// How the server stores a run of one stream's changes: the bytes served are the bytes pushed,
/// with the stream head after each change, whatever the run holds.
@Suite struct ChangeRunTests {
    let fixture: ClubFixture
    typealias Spec = ClubFixture.Spec

    init() throws { fixture = try ClubFixture() }

    /// `count` chained changes of carl's, and the stream heads after each from genesis.
    func chained(_ count: Int) -> ([ChangeEnvelope], [[UInt8]]) {
        let changes = fixture.changes("d-carl", (0..<count).map { Spec(object: "r-\($0)") })
        var head = StreamChain.genesis
        let heads = changes.map { change in
            head = StreamChain.next(head, changeHash: change.hash)
            return head
        }
        return (changes, heads)
    }

    /// The words of a body: each stored length with its elision bit.
    func words(_ body: [UInt8]) -> [UInt32] {
        var words: [UInt32] = []
        var offset = 0
        while offset + 4 <= body.count {
            let word = body[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            words.append(word)
            offset += 4 + Int(word & ~ChangeRun.elided)
        }
        return words
    }

    @Test(
        "a run gives back each change's pushed bytes and the stream head after it",
        arguments: [1, 2, 15])
    func roundTrip(count: Int) {
        let (changes, heads) = chained(count)
        let encoded = changes.map { $0.encoded() }
        let body = ChangeRun.pack(changes, encoded: encoded)
        let read = ChangeRun.unpack(body, head: StreamChain.genesis)
        #expect(read.map(\.bytes) == encoded)
        #expect(read.map(\.head) == heads)
        // Every change after the first names the one before it: its hash is elided, and the
        // stored body is no longer than the changes with their length words.
        #expect(words(body).map { $0 & ChangeRun.elided != 0 } == (0..<count).map { $0 > 0 })
        #expect(body.count == encoded.reduce(0) { $0 + $1.count + 4 })
    }

    @Test("a run starting inside a stream chains its heads from the head before it")
    func laterRun() {
        let (changes, heads) = chained(6)
        let tail = Array(changes[3...])
        let read = ChangeRun.unpack(
            ChangeRun.pack(tail, encoded: tail.map { $0.encoded() }), head: heads[2])
        #expect(read.map(\.head) == Array(heads[3...]))
        #expect(read.map(\.bytes) == tail.map { $0.encoded() })
    }

    @Test("version-1 changes and a change not naming the one before it are stored as pushed")
    func storedAsPushed() {
        let (changes, _) = chained(3)
        let other = fixture.changes("d-olga", [Spec(object: "r-9")])[0]
        let mixed = [changes[0], changes[1], other, changes[2]]
        let encoded = [
            changes[0].encodedVersion1(), changes[1].encodedVersion1(), other.encoded(),
            changes[2].encoded(),
        ]
        let body = ChangeRun.pack(mixed, encoded: encoded)
        #expect(words(body).allSatisfy { $0 & ChangeRun.elided == 0 })
        #expect(ChangeRun.unpack(body, head: StreamChain.genesis).map(\.bytes) == encoded)
    }

    @Test("a damaged run is served as far as it reads, the rest as one change, never dropped")
    func damaged() {
        let (changes, _) = chained(3)
        let encoded = changes.map { $0.encoded() }
        var body = ChangeRun.pack(changes, encoded: encoded)
        // A length word pointing past the end: the rest is one change, as stored.
        body[4 + encoded[0].count] = 0x7F
        let read = ChangeRun.unpack(body, head: StreamChain.genesis)
        #expect(read.count == 2)
        #expect(read[0].bytes == encoded[0])
        #expect(read[1].bytes == Array(body[(4 + encoded[0].count)...]))
        // A byte of an elided change's body flipped: served altered, so its signature fails.
        var flipped = ChangeRun.pack(changes, encoded: encoded)
        flipped[flipped.count - 1] ^= 0x01
        let altered = ChangeRun.unpack(flipped, head: StreamChain.genesis)
        #expect(altered.count == 3)
        let last = try? ChangeEnvelope.decode(altered[2].bytes)
        #expect(last != nil)
        #expect(last?.signatureValid(devicePK: fixture.keys["d-carl"]!.publicKey) == false)
    }
}
