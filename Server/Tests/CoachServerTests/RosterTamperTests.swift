import CoachKit
import CoachSync
import Logging
import NIOCore
import PostgresNIO
import Testing

@testable import CoachServer

@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct RosterTamperTests {
    let fixture: ClubFixture

    init() throws { fixture = try ClubFixture() }

    @Test(
        "a roster row altered in PostgreSQL, its hash chain recomputed, is refused on load",
        arguments: [false, true])
    func alteredGrant(rechain: Bool) async throws {
        try await withServer("RosterTamperTests", fixture: fixture) { api, db in
            try await api.register()
            // bert's grant to olga becomes a grant to carl.
            let rows = try await db.query(
                "SELECT rseq, entry FROM roster WHERE ws = \(ClubFixture.workspace) ORDER BY rseq"
            ).collect()
            var entries: [RosterEntry] = []
            for row in rows {
                let (_, bytes) = try row.decode((Int64, ByteBuffer).self)
                entries.append(try SyncJSON.decode(RosterEntry.self, from: bytes.array))
            }
            let index = try #require(
                entries.firstIndex {
                    if case .grant(let g) = $0 { return g.athleteId == "a-bert" }
                    return false
                })
            guard case .grant(var grant) = entries[index] else { return }
            grant.userId = "u-carl"
            entries[index] = .grant(grant)
            var head = RosterHead.empty
            for (n, entry) in entries.enumerated() {
                head = head.appending(entry)
                let stored = rechain || n == index ? try SyncJSON.encode(entry).buffer : nil
                guard let stored else { continue }
                let hash = head.hash.bytes.buffer
                let rseq = Int64(n + 1)
                try await db.query(
                    rechain
                        ? "UPDATE roster SET entry = \(stored), head = \(hash) WHERE rseq = \(rseq)"
                        : "UPDATE roster SET entry = \(stored) WHERE rseq = \(rseq)")
            }
            if rechain {
                try await db.query("UPDATE roster_heads SET head = \(head.hash.bytes.buffer)")
            }
            // A server that starts on this database (no roster in memory) refuses it.
            let fresh = SyncStore(client: db, key: .test, logger: PostgresCluster.logger)
            let error = await #expect(throws: ServerError.self) {
                try await fresh.join(
                    ClubFixture.workspace, JoinRequest(handle: "carl", code: "none"),
                    now: ClubFixture.now)
            }
            #expect("\(error.map(String.init(describing:)) ?? "")".contains("does not"))
        }
    }
}
