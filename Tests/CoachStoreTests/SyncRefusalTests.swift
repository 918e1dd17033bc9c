import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// Changes a server (or anyone with its database) could serve to a replica: altered, out of
/// chain, unopenable or out of role. Each is refused naming its signer, category corrupt
/// (exit 74), and nothing of the page is applied.
@Suite struct SyncRefusalTests {
    /// Replicas after a first sync, with one good change of A waiting on the server for B.
    static func ready() throws -> (SyncReplicas, SyncTestServer) {
        let r = try SyncReplicas()
        var server = SyncTestServer()
        try server.sync(r.a, as: r.f.owner)
        try server.sync(r.b, as: r.ownerB)
        try r.f.put(r.athlete, id: "good", payload: #"{"mood":4}"#)
        #expect(try server.push(r.a))
        return (r, server)
    }

    /// A change signed by a device whose sealed key is `sealedKey` (of `user`).
    static func signed(
        _ r: SyncReplicas, key sealedKey: [UInt8], user: Principal, object: String,
        body: [UInt8], epoch: Int64 = 1, sequence: Int64 = 1
    ) throws -> ChangeEnvelope {
        let device = try r.b.openDeviceKey(sealedKey, as: user)
        var change = ChangeEnvelope(
            workspaceId: user.anchor.workspaceId, stream: .athlete(AthleteID(r.athlete)),
            object: object, kind: "wellness", day: "2026-11-24", operation: .put,
            baseVersion: 0, clock: HybridTimestamp(milliseconds: 1_795_000_000_000, counter: 0),
            device: device.id, author: user.userId, epoch: epoch, sequence: sequence,
            previousHash: ChangeEnvelope.genesisHash, body: body)
        change.sign(by: device.keys)
        return change
    }

    /// A body sealed properly under the athlete's key for `object` at version 1.
    static func sealedBody(_ r: SyncReplicas, object: String) throws -> [UInt8] {
        try r.b.read { db in
            let k = try AthleteKeyring.open(db, athleteId: r.athlete, principal: r.ownerB)
            let sealed = try RecordCodec.seal(
                Array(#"{"mood":1}"#.utf8), athleteId: r.athlete, id: object, kind: .wellness,
                day: "2026-11-24", epoch: 1, version: 1, key: try k.recordKey(epoch: 1, db),
                random: SystemRandom())
            return sealed.nonce + sealed.ciphertext
        }
    }

    /// Applies the page to B, expecting a refusal; checks nothing of the page was applied.
    static func refused(_ r: SyncReplicas, _ page: [ReceivedChange]) throws -> SyncFailure {
        let before = try r.recordsB(), cursors = try r.b.streamCursors()
        var failure: SyncFailure?
        do {
            _ = try r.b.applyPulled(page, as: r.ownerB)
        } catch let error as SyncFailure {
            failure = error
        }
        #expect(try r.recordsB() == before)
        #expect(try r.b.streamCursors() == cursors)
        let refused = try #require(failure)
        #expect(refused.category == .corrupt)
        return refused
    }

    @Test("A change whose body was altered on the server is refused naming its signing device")
    func alteredBody() throws {
        let (r, server) = try Self.ready()
        var page = try server.page(for: r.b)
        let last = page.removeLast()
        var change = try ChangeEnvelope.decode(last.envelope)
        change.body[change.body.count - 1] ^= 1
        // The server recomputes its stream head, so only the signature can tell.
        let previous = try Self.headBefore(r, server, last)
        page.append(
            ReceivedChange(
                athleteId: last.athleteId, sseq: last.sseq,
                streamHead: ReceivedChange.head(after: previous, changeHash: change.hash),
                envelope: change.encoded()))
        let failure = try Self.refused(r, page)
        let deviceA = try #require(r.a.syncSigner.withLock { $0?.device })
        guard case .refusedChange(let device, let user, let reason) = failure else {
            Issue.record("\(failure)")
            return
        }
        #expect(device == deviceA)
        #expect(user == "olivia")
        #expect(reason.contains("not signed by that device"))
    }

    /// The stream head before `change` as B holds it.
    static func headBefore(_ r: SyncReplicas, _ server: SyncTestServer, _ change: ReceivedChange)
        throws -> [UInt8]
    {
        let stream = server.streams[change.athleteId] ?? []
        return stream.first { $0.sseq == change.sseq - 1 }?.streamHead
            ?? ReceivedChange.genesisHead
    }

    @Test("A page that leaves out a change of the stream is refused as a broken stream")
    func droppedChange() throws {
        let (r, server) = try Self.ready()
        try r.f.put(r.athlete, id: "second", payload: #"{"mood":2}"#)
        var server2 = server
        #expect(try server2.push(r.a))
        var page = try server2.page(for: r.b)
        #expect(page.count == 2)
        page.removeFirst()
        let failure = try Self.refused(r, page)
        guard case .streamBroken(let stream, _) = failure else {
            Issue.record("\(failure)")
            return
        }
        #expect(stream == r.athlete)
    }

    @Test("A signed change whose body does not open as its header says is refused naming it")
    func unopenableBody() throws {
        let (r, server) = try Self.ready()
        // The owner's second machine signs garbage: the signature is genuine, the body not.
        let keyB = try r.b.read { _ in r.b.syncSigner.withLock { $0 } }
        let signer = try #require(keyB)
        var change = ChangeEnvelope(
            workspaceId: r.ownerB.anchor.workspaceId, stream: .athlete(AthleteID(r.athlete)),
            object: "junk", kind: "wellness", day: "2026-11-24", operation: .put,
            baseVersion: 0, clock: HybridTimestamp(milliseconds: 1_795_000_000_000, counter: 9),
            device: signer.device, author: r.ownerB.userId, epoch: 1, sequence: 1,
            previousHash: ChangeEnvelope.genesisHash, body: SystemRandom().bytes(120))
        change.sign(by: signer.keys)
        var forged = server
        forged.append(change, to: AthleteID(r.athlete), in: &forged.streams)
        let page = try forged.page(for: r.b)
        let failure = try Self.refused(r, page)
        guard case .refusedChange(let device, let user, let reason) = failure else {
            Issue.record("\(failure)")
            return
        }
        #expect(device == signer.device)
        #expect(user == "olivia")
        #expect(reason.contains("does not open"))
    }

    @Test("A change by a coach who holds no grant of the athlete is refused naming the coach")
    func authorWithoutGrant() throws {
        let (r, server) = try Self.ready()
        let change = try Self.signed(
            r, key: r.coachKey, user: r.coach, object: "from-carl",
            body: try Self.sealedBody(r, object: "from-carl"))
        var forged = server
        forged.append(change, to: AthleteID(r.athlete), in: &forged.streams)
        let failure = try Self.refused(r, try forged.page(for: r.b))
        guard case .refusedChange(_, let user, let reason) = failure else {
            Issue.record("\(failure)")
            return
        }
        #expect(user == "carl")
        #expect(reason.contains("no grant"))
    }
}
