import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import PostgresNIO
import Testing

@testable import CoachServer

/// The log as the API serves it: signed heads with pulls and roster pages, the proofs that
/// verify against them (as a client checks them, with `ProofVerifier`), and no change served
/// before it is logged.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct LogServeTests {
    let fixture: ClubFixture
    typealias Spec = ClubFixture.Spec

    init() throws { fixture = try ClubFixture() }

    func pull(_ api: Api, _ token: String, _ request: PullRequest) async throws -> PullResponse {
        let answer = try await api.post("/v1/ws/{ws}/pull", request, token: token)
        #expect(answer.status == 200, "\(answer.problem?.message ?? "")")
        return try answer.decode(PullResponse.self)
    }

    /// Whether each inclusion of `answer` proves the pulled change it names in its head.
    static func inclusionsVerify(_ answer: PullResponse) throws -> Bool {
        let head = try #require(answer.treeHead)
        var all = !(answer.inclusions ?? []).isEmpty
        for inclusion in answer.inclusions ?? [] {
            let change = try #require(
                answer.changes.first { $0.stream == inclusion.stream && $0.sseq == inclusion.sseq })
            let envelope = try ChangeEnvelope.decode(change.change.bytes)
            let leaf = MerkleHasher.blake2b256.leaf(
                LogLeaf.change(
                    stream: envelope.stream, sequence: UInt64(change.sseq),
                    changeHash: envelope.hash, head: change.streamHead.bytes))
            all =
                all
                && ProofVerifier.verifyInclusion(
                    leafHash: leaf, index: UInt64(inclusion.gseq), size: UInt64(head.size),
                    proof: inclusion.path.map(\.bytes), root: head.root.bytes,
                    hasher: .blake2b256)
        }
        return all
    }

    static func consistent(_ old: ServerTreeHead, _ new: ServerTreeHead, _ proof: [SyncBytes])
        -> Bool
    {
        ProofVerifier.verifyConsistency(
            old: UInt64(old.size), new: UInt64(new.size), oldRoot: old.root.bytes,
            newRoot: new.root.bytes, proof: proof.map(\.bytes), hasher: .blake2b256)
    }

    @Test("a pull's signed head covers what it serves; inclusions and consistency verify")
    func pullProofs() async throws {
        try await withServer("LogServeTests", fixture: fixture) { api, _ in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            let olga = try await api.signIn("d-olga")
            let first = fixture.changes("d-carl", (1...3).map { Spec(object: "c-\($0)") })
            #expect(try await api.push("d-carl", batch: 1, first, token: carl).status == 200)
            let one = try await pull(api, olga, PullRequest(cursors: [:]))
            let head = try #require(one.treeHead)
            #expect(head.isSigned(by: ServerKey.test.publicKey))
            #expect(head.size == Int64(fixture.roster.count + 3))
            #expect(one.inclusions?.map(\.sseq) == [3])
            #expect(one.inclusions?.map(\.gseq) == [head.size - 1])
            #expect(try Self.inclusionsVerify(one))
            #expect(one.consistency == nil)
            let more = fixture.changes(
                "d-olga",
                [Spec(object: "o-1"), Spec(athlete: "a-bert", object: "b-1"), Spec(object: "o-2")])
            #expect(try await api.push("d-olga", batch: 1, more, token: olga).status == 200)
            let two = try await pull(
                api, olga, PullRequest(cursors: ["a-jane": 3], logSize: head.size))
            let later = try #require(two.treeHead)
            #expect(later.size == head.size + 3)
            #expect(Set(two.inclusions?.compactMap(\.stream) ?? []) == ["a-jane", "a-bert"])
            #expect(try Self.inclusionsVerify(two))
            #expect(Self.consistent(head, later, try #require(two.consistency)))
            // The check can fail: a proof for another leaf, or a bent proof, does not verify.
            var bent = two
            bent.inclusions?[0].path[0].bytes[0] ^= 1
            #expect(try !Self.inclusionsVerify(bent))
            bent = two
            bent.inclusions?[0].gseq += 1
            #expect(try !Self.inclusionsVerify(bent))
        }
    }

    @Test("a change not yet logged is not served: the pull gives the logged end, then catches up")
    func unloggedNotServed() async throws {
        try await withServer("LogServeTests", fixture: fixture) { api, db in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            _ = try await pull(api, carl, PullRequest(cursors: [:]))
            let changes = fixture.changes("d-carl", [Spec(object: "c-1"), Spec(object: "c-2")])
            try await db.withConnection { held in
                // Another process sequencing this workspace, for longer than a read waits.
                try await held.query("BEGIN", logger: PostgresCluster.logger)
                try await held.query(
                    """
                    SELECT pg_advisory_xact_lock(\(Sequencer.lockSpace),
                        hashtext(\(ClubFixture.workspace)))
                    """, logger: PostgresCluster.logger)
                #expect(try await api.push("d-carl", batch: 1, changes, token: carl).status == 200)
                let waiting = try await pull(api, carl, PullRequest(cursors: [:]))
                #expect(waiting.changes.isEmpty)
                #expect(waiting.streams.first { $0.stream == "a-jane" }?.sseq == 0)
                #expect(waiting.treeHead?.size == Int64(fixture.roster.count))
                try await held.query("COMMIT", logger: PostgresCluster.logger)
            }
            let served = try await pull(api, carl, PullRequest(cursors: [:]))
            #expect(served.changes.map(\.sseq) == [1, 2])
            #expect(served.streams.first { $0.stream == "a-jane" }?.sseq == 2)
            #expect(try Self.inclusionsVerify(served))
        }
    }

    @Test("a roster page carries the signed head, its last entry's inclusion and consistency")
    func rosterProofs() async throws {
        try await withServer("LogServeTests", fixture: fixture) { api, _ in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            let page = try await api.send(.get, "/v1/ws/{ws}/roster", token: olga)
                .decode(RosterPage.self)
            let head = try #require(page.treeHead)
            #expect(head.isSigned(by: ServerKey.test.publicKey))
            let inclusion = try #require(page.inclusion)
            #expect(inclusion.stream == nil)
            #expect(inclusion.sseq == page.head.count)
            let leaf = MerkleHasher.blake2b256.leaf(
                LogLeaf.rosterEntry(
                    sequence: UInt64(page.head.count),
                    entryHash: try #require(page.entries.last).hash,
                    head: page.head.hash.bytes))
            #expect(
                ProofVerifier.verifyInclusion(
                    leafHash: leaf, index: UInt64(inclusion.gseq), size: UInt64(head.size),
                    proof: inclusion.path.map(\.bytes), root: head.root.bytes,
                    hasher: .blake2b256))
            let changes = fixture.changes("d-olga", [Spec(object: "o-1")])
            #expect(try await api.push("d-olga", batch: 1, changes, token: olga).status == 200)
            let next = try await api.send(
                .get, "/v1/ws/{ws}/roster", token: olga,
                query: "?after=\(page.head.count)&log_size=\(head.size)"
            ).decode(RosterPage.self)
            let later = try #require(next.treeHead)
            #expect(later.size == head.size + 1)
            #expect(next.inclusion == nil)
            #expect(Self.consistent(head, later, try #require(next.consistency)))
            let bad = try await api.send(
                .get, "/v1/ws/{ws}/roster", token: olga, query: "?log_size=-1")
            #expect(bad.status == 400)
        }
    }

    @Test("a roster entry not yet logged is not served: the page ends at the logged end")
    func unloggedRosterNotServed() async throws {
        try await withServer("LogServeTests", fixture: fixture) { api, db in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            let first = try await api.send(.get, "/v1/ws/{ws}/roster", token: olga)
                .decode(RosterPage.self)
            let (cert, epoch2) = fixture.epoch("a-jane", 2)
            let rotation = [epoch2, fixture.grant(cert, to: "u-olga")]
            try await db.withConnection { held in
                // Another process sequencing this workspace, for longer than a read waits.
                try await held.query("BEGIN", logger: PostgresCluster.logger)
                try await held.query(
                    """
                    SELECT pg_advisory_xact_lock(\(Sequencer.lockSpace),
                        hashtext(\(ClubFixture.workspace)))
                    """, logger: PostgresCluster.logger)
                let pushed = try await api.pushRoster(rotation, token: olga)
                #expect(pushed.status == 200, "\(pushed.problem?.message ?? "")")
                let waiting = try await api.send(
                    .get, "/v1/ws/{ws}/roster", token: olga, query: "?after=\(first.head.count)"
                ).decode(RosterPage.self)
                #expect(waiting.entries.isEmpty && waiting.done)
                #expect(waiting.head == first.head)
                let whole = try await api.send(.get, "/v1/ws/{ws}/roster", token: olga)
                    .decode(RosterPage.self)
                #expect(whole.entries == first.entries && whole.head == first.head)
                #expect(whole.treeHead?.size == first.treeHead?.size)
                try await held.query("COMMIT", logger: PostgresCluster.logger)
            }
            let served = try await api.send(
                .get, "/v1/ws/{ws}/roster", token: olga, query: "?after=\(first.head.count)"
            ).decode(RosterPage.self)
            #expect(served.entries == rotation && served.done)
            #expect(served.head.count == first.head.count + 2)
            #expect(served.inclusion?.sseq == served.head.count)
        }
    }

    @Test("log/proofs answers the proofs asked for, and refuses sizes past the signed log")
    func explicitProofs() async throws {
        try await withServer("LogServeTests", fixture: fixture) { api, _ in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            let old = try #require(try await pull(api, olga, PullRequest(cursors: [:])).treeHead)
            let changes = fixture.changes("d-olga", [Spec(object: "o-1"), Spec(object: "o-2")])
            #expect(try await api.push("d-olga", batch: 1, changes, token: olga).status == 200)
            let new = try #require(try await pull(api, olga, PullRequest(cursors: [:])).treeHead)
            let answer = try await api.post(
                "/v1/ws/{ws}/log/proofs",
                LogProofsRequest(
                    consistency: [.init(from: old.size, to: new.size)],
                    inclusion: [.init(gseq: 0, size: new.size)]),
                token: olga)
            #expect(answer.status == 200, "\(answer.problem?.message ?? "")")
            let proofs = try answer.decode(LogProofsResponse.self)
            #expect(proofs.treeHead == new)
            #expect(Self.consistent(old, new, try #require(proofs.consistency.first).path))
            var head = RosterHead.empty.appending(fixture.roster[0])
            let leaf = MerkleHasher.blake2b256.leaf(
                LogLeaf.rosterEntry(
                    sequence: 1, entryHash: fixture.roster[0].hash, head: head.hash.bytes))
            #expect(
                ProofVerifier.verifyInclusion(
                    leafHash: leaf, index: 0, size: UInt64(new.size),
                    proof: try #require(proofs.inclusion.first).path.map(\.bytes),
                    root: new.root.bytes, hasher: .blake2b256))
            head = .empty
            let asks: [(LogProofsRequest, Int)] = [
                (LogProofsRequest(consistency: [.init(from: 1, to: new.size + 1)]), 404),
                (LogProofsRequest(inclusion: [.init(gseq: new.size, size: new.size + 1)]), 404),
                (LogProofsRequest(consistency: [.init(from: 3, to: 2)]), 400),
                (LogProofsRequest(inclusion: [.init(gseq: 2, size: 2)]), 400),
                (
                    LogProofsRequest(
                        inclusion: Array(repeating: .init(gseq: 0, size: 1), count: 65)), 413
                ),
            ]
            for (ask, status) in asks {
                #expect(
                    try await api.post("/v1/ws/{ws}/log/proofs", ask, token: olga).status
                        == status)
            }
            let unauthenticated = try await api.post("/v1/ws/{ws}/log/proofs", asks[0].0)
            #expect(unauthenticated.status == 401)
        }
    }
}
