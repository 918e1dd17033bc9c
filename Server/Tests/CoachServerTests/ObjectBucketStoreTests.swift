import CoachKit
import CoachSync
import CoachTrust
import Foundation
import NIOCore
import PostgresNIO
import Testing

@testable import CoachServer

/// Objects' versions in buckets (migration 8): the push's per-object base check across split
/// buckets, objects of version 7 moved into buckets, and a damaged bucket refused as damage.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct ObjectBucketStoreTests {
    let fixture: ClubFixture
    typealias Spec = ClubFixture.Spec

    init() throws { fixture = try ClubFixture() }

    /// Every bucket of the database, by low key.
    static func buckets(_ db: PostgresClient) async throws -> [ObjectBucket] {
        try await db.query("SELECT low, entries FROM object_buckets ORDER BY sid, low")
            .collect().map { row in
                let (low, blob) = try row.decode((ByteBuffer, ByteBuffer).self)
                return try ObjectBucket(low: low.array, blob: blob.array)
            }
    }

    @Test("a batch of 50 objects splits into buckets; a stale base in any of them is refused")
    func staleAcrossBuckets() async throws {
        try await withServer("ObjectBucketStoreTests", fixture: fixture) { api, db in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            let objects = (0..<50).map { "r-\($0 + 10)" }
            let first = fixture.changes("d-carl", objects.map { Spec(object: $0) })
            #expect(try await api.push("d-carl", batch: 1, first, token: carl).status == 200)
            let stored = try await Self.buckets(db)
            #expect(stored.count == 3)
            #expect(stored.first?.low == [])
            #expect(stored.allSatisfy { $0.entries.count <= ObjectBucket.capacity })
            for object in objects {
                let at = try #require(ObjectBucket.holding(Array(object.utf8), in: stored))
                #expect(stored[at].version(of: Array(object.utf8)) == 1)
            }
            let olga = try await api.signIn("d-olga")
            let stale = fixture.changes(
                "d-olga", [Spec(object: "r-11", base: 1), Spec(object: "r-59", base: 0)])
            let refused = try await api.push("d-olga", batch: 1, stale, token: olga)
            #expect(refused.status == 409)
            #expect(
                refused.problem?.stale == [
                    StaleObject(stream: "a-jane", object: "r-59", currentVersion: 1, change: 1)
                ])
            let rebased = fixture.changes(
                "d-olga", [Spec(object: "r-11", base: 1), Spec(object: "r-59", base: 1)])
            #expect(try await api.push("d-olga", batch: 1, rebased, token: olga).status == 200)
            let after = try await Self.buckets(db)
            #expect(after.map(\.low) == stored.map(\.low))
            let versions = after.flatMap(\.entries).map(\.version)
            #expect(versions.filter { $0 == 2 }.count == 2)
            #expect(versions.count == 50)
        }
    }

    @Test("concurrent pushes to one stream lose no object and let one of two rival changes in")
    func concurrentPushes() async throws {
        try await withServer("ObjectBucketStoreTests", fixture: fixture) { api, db in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            let first = fixture.changes("d-carl", [Spec(object: "r-0")])
            #expect(try await api.push("d-carl", batch: 1, first, token: carl).status == 200)
            let olga = try await api.signIn("d-olga")
            let spare = try await api.signIn("d-spare")
            // Disjoint new objects, enough to split buckets, and one rival change of r-0 each.
            let olgas = fixture.changes(
                "d-olga", (1...25).map { Spec(object: "o-\($0)") } + [Spec(object: "r-0", base: 1)])
            let spares = fixture.changes(
                "d-spare", (1...25).map { Spec(object: "s-\($0)") } + [Spec(object: "r-0", base: 1)]
            )
            async let byOlga = api.push("d-olga", batch: 1, olgas, token: olga)
            async let bySpare = api.push("d-spare", batch: 1, spares, token: spare)
            let answers = try await [byOlga, bySpare]
            #expect(answers.map(\.status).sorted() == [200, 409])
            let loser = try #require(answers.first { $0.status == 409 }?.problem)
            #expect(loser.stale?.map(\.object) == ["r-0"])
            #expect(loser.stale?.map(\.currentVersion) == [2])
            // The loser rebases r-0 and pushes the same batch number again: every object kept.
            let (device, token, prefix): (DeviceID, String, String) =
                answers[0].status == 409
                ? ("d-olga", olga, "o") : ("d-spare", spare, "s")
            let rebased = fixture.changes(
                device,
                (1...25).map { Spec(object: "\(prefix)-\($0)") } + [Spec(object: "r-0", base: 2)])
            #expect(try await api.push(device, batch: 1, rebased, token: token).status == 200)
            let stored = try await Self.buckets(db)
            let versions = Dictionary(
                uniqueKeysWithValues: stored.flatMap(\.entries).map {
                    (String(decoding: $0.key, as: UTF8.self), $0.version)
                })
            #expect(versions.count == 51)
            #expect(versions["r-0"] == 3)
            #expect((1...25).allSatisfy { versions["o-\($0)"] == 1 && versions["s-\($0)"] == 1 })
            #expect(try await PushTests.count(db, "changes") == 53)
        }
    }

    @Test("rounds of two concurrent pushes of new objects to one stream keep every object")
    func concurrentRounds() async throws {
        try await withServer("ObjectBucketStoreTests", fixture: fixture) { api, db in
            try await api.register()
            let olga = try await api.signIn("d-olga")
            let spare = try await api.signIn("d-spare")
            var positions: [DeviceID: ChangeVerifier.ChainPosition] = [
                "d-olga": .genesis, "d-spare": .genesis,
            ]
            for round in 1...6 {
                func batch(_ device: DeviceID) -> [ChangeEnvelope] {
                    fixture.changes(
                        device, (1...12).map { Spec(object: "\(device)-\(round)-\($0)") },
                        after: positions[device] ?? .genesis)
                }
                let (olgas, spares) = (batch("d-olga"), batch("d-spare"))
                async let byOlga = api.push("d-olga", batch: Int64(round), olgas, token: olga)
                async let bySpare = api.push("d-spare", batch: Int64(round), spares, token: spare)
                let statuses = try await [byOlga.status, bySpare.status]
                #expect(statuses == [200, 200], "round \(round)")
                for (device, changes) in [("d-olga", olgas), ("d-spare", spares)] {
                    let last = changes.last?.hash ?? []
                    positions[DeviceID(device)] = .init(sequence: Int64(12 * round), hash: last)
                }
            }
            let stored = try await Self.buckets(db)
            #expect(stored.flatMap(\.entries).count == 144)
            #expect(stored.flatMap(\.entries).allSatisfy { $0.version == 1 })
            #expect(try await PushTests.count(db, "changes") == 144)
        }
    }

    @Test(
        "a bucket damaged in PostgreSQL refuses the push touching it as a server failure",
        arguments: [
            // r-2 before r-1: out of order, which a search would miss, taking r-1 as new.
            "'\\x03722d320103722d3101'",
            // The last entry cut short.
            "substring(entries FROM 1 FOR octet_length(entries) - 3)",
        ])
    func damagedBucket(entries: String) async throws {
        try await withServer("ObjectBucketStoreTests", fixture: fixture) { api, db in
            try await api.register()
            let carl = try await api.signIn("d-carl")
            let first = fixture.changes("d-carl", [Spec(object: "r-1"), Spec(object: "r-2")])
            #expect(try await api.push("d-carl", batch: 1, first, token: carl).status == 200)
            try await db.query(
                PostgresQuery(unsafeSQL: "UPDATE object_buckets SET entries = \(entries)"))
            let olga = try await api.signIn("d-olga")
            let stale = fixture.changes("d-olga", [Spec(object: "r-1", base: 0)])
            let answer = try await api.push("d-olga", batch: 1, stale, token: olga)
            #expect(answer.status == 500)
            #expect(answer.problem?.reason == .internalError)
            #expect(answer.problem?.message.contains("object bucket") == true)
            #expect(try await PushTests.count(db, "changes") == 2)
        }
    }

    @Test("objects of version 7 move into buckets of 20 by key, with the same versions")
    func migrate() async throws {
        let cluster = try await PostgresCluster.shared("ObjectBucketStoreTests")
        let url = try await cluster.database(migrated: false)
        let logger = PostgresCluster.logger
        let uuids = (0..<30).map { _ in UUID().uuidString.lowercased() }
        let texts =
            (0..<15).map { "r-\($0)" } + ["sixteen-bytes-id", String(repeating: "x", count: 200)]
        try await withDatabase(url, logger: logger) { client in
            let upTo7 = Migration.all.filter { $0.version <= 7 }
            try await Migrator(client: client, logger: logger, migrations: upTo7).migrate()
            try await client.query(
                """
                INSERT INTO workspaces (ws, owner_user_id, owner_sign_pk, registration)
                VALUES ('w', 'u', '\\x00', '\\x00')
                """)
            try await client.query(
                """
                INSERT INTO streams (ws, athlete_id, head) VALUES ('w', 'a-1', '\\x00'),
                    ('w', 'a-2', '\\x00');
                """)
            var expected: [String: [([UInt8], Int64)]] = [:]
            for (index, object) in (uuids + texts).enumerated() {
                let athlete = index % 9 == 0 ? "a-2" : "a-1"
                let key = StoredObjectID.key(object)
                // Versions of one to ten varint bytes, negative ones too.
                let version = index % 3 == 0 ? Int64(index + 1) << (index % 63) : -Int64(index)
                expected[athlete, default: []].append((key, version))
                try await client.query(
                    """
                    INSERT INTO objects (sid, version, object)
                    SELECT sid, \(version), \(key.buffer) FROM streams
                    WHERE athlete_id = \(athlete)
                    """)
            }
            try await Migrator(client: client, logger: logger).migrate()
            for (athlete, objects) in expected {
                let rows = try await client.query(
                    """
                    SELECT low, entries FROM object_buckets b JOIN streams s ON s.sid = b.sid
                    WHERE s.athlete_id = \(athlete) ORDER BY low
                    """
                ).collect().map { try $0.decode((ByteBuffer, ByteBuffer).self) }
                let buckets = try rows.map { try ObjectBucket(low: $0.0.array, blob: $0.1.array) }
                #expect(buckets.count == (objects.count + 19) / 20)
                #expect(buckets.first?.low == [])
                let sorted = objects.sorted { $0.0.lexicographicallyPrecedes($1.0) }
                #expect(buckets.flatMap(\.entries).map(\.key) == sorted.map(\.0))
                for (key, version) in objects {
                    let at = try #require(ObjectBucket.holding(key, in: buckets))
                    #expect(buckets[at].version(of: key) == version)
                }
            }
            let left = try await client.query("SELECT to_regclass('objects') IS NULL")
                .collect().first?.decode(Bool.self)
            #expect(left == true)
        }
    }
}
