import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// Which device resolved a conflict (and signs its conflict note) is kept with the conflict on
/// every replica (migration v17-conflict-resolvers); a name altered in the file is exit 74
/// when listed, and a conflict kept before the column lists none rather than a guess.
@Suite struct SyncConflictResolverTests {
    typealias First = SyncConflictListingTests.First

    /// A and B edit r1 offline; `first` pushes first, so the other one resolves the conflict
    /// and queues its note; then everyone syncs until the note reached all three replicas.
    static func resolved(first: First) throws -> (SyncReplicas, resolver: DeviceID) {
        let r = try SyncReplicas(third: true)
        var server = SyncTestServer()
        for (ws, actor) in r.all { try server.sync(ws, as: actor) }
        try r.editOnBoth()
        let order: [(Workspace, Principal)] =
            first == .a
            ? [(r.a, r.f.owner), (r.b, r.ownerB)] : [(r.b, r.ownerB), (r.a, r.f.owner)]
        // The resolver's note reaches the first pusher and C.
        for (ws, actor) in order + r.all { try server.sync(ws, as: actor) }
        let resolver = try order[1].0.withDeviceKey { id, _ in id }
        return (r, resolver)
    }

    @Test(
        "The device that resolved a conflict is listed on every replica, made or pulled",
        arguments: First.allCases)
    func listedEverywhere(first: First) throws {
        let (r, resolver) = try Self.resolved(first: first)
        let other = try (first == .a ? r.a : r.b).withDeviceKey { id, _ in id }
        #expect(resolver != other)
        for (ws, actor) in r.all {
            let listed = try ws.syncConflicts(as: actor)
            #expect(listed.count == 1)
            #expect(listed.first?.resolver == resolver)
        }
    }

    /// What an insider writes over a kept conflict's resolving device (and its note).
    enum Alteration: String, CaseIterable, Sendable {
        /// Another genuine device of the roster (the one whose change lost).
        case otherDevice
        /// A device no roster holds, with the note it signed taken out of the file.
        case unknownDevice
        /// The losing device, with the note kept behind its object altered to name it too.
        case noteSigner
    }

    @Test(
        "A resolving device altered in the file is exit 74 when listed, made or pulled",
        arguments: Alteration.allCases)
    func alteredResolverRefused(alteration: Alteration) throws {
        let (r, _) = try Self.resolved(first: .a)
        let loser = try r.a.withDeviceKey { id, _ in id }
        let named = alteration == .unknownDevice ? DeviceID("d-not-on-the-roster") : loser
        for (ws, actor) in r.all.dropFirst() {
            try ws.write { db in
                try db.execute(
                    sql: "UPDATE sync_conflicts SET resolver_device = ?",
                    arguments: [named.rawValue])
                let note = "SELECT * FROM record_changes WHERE object LIKE 'x%'"
                let row = try #require(try Row.fetchOne(db, sql: note))
                var envelope = try ChangeEnvelope.decode([UInt8](row["envelope"] as Data))
                #expect(envelope.kind == SyncConflictNote.kind)
                switch alteration {
                case .otherDevice: break
                case .unknownDevice:
                    try db.execute(sql: "DELETE FROM record_changes WHERE object LIKE 'x%'")
                case .noteSigner:
                    envelope.device = loser
                    try db.execute(
                        sql: "UPDATE record_changes SET envelope = ? WHERE object LIKE 'x%'",
                        arguments: [Data(envelope.encoded())])
                }
            }
            let error = #expect(throws: StoreError.self) { try ws.syncConflicts(as: actor) }
            #expect(error?.category == .corrupt, "\(String(describing: error))")
            #expect(error?.problemDescription.contains("resolving") == true)
        }
    }

    @Test("A workspace from before the column migrates; its kept conflict lists no resolver")
    func olderWorkspaceMigrates() throws {
        let (r, _) = try Self.resolved(first: .a)
        let before = try r.b.syncConflicts(as: r.ownerB)
        let path = r.f.dir.file("replica-b.sqlite")
        // The file as v16 left it: sync_conflicts without the column, v17 not applied.
        try DatabaseQueue(path: path).write { db in
            let sql = try #require(
                try String.fetchOne(
                    db, sql: "SELECT sql FROM sqlite_master WHERE name = 'sync_conflicts'"))
            let v16 = sql.replacingOccurrences(of: ", resolver_device TEXT", with: "")
            #expect(v16 != sql)
            try db.execute(
                sql: """
                    ALTER TABLE sync_conflicts RENAME TO sync_conflicts_v17;
                    \(v16);
                    INSERT INTO sync_conflicts
                        SELECT num, athlete_id, object, kind, day, winner, loser, found_at
                        FROM sync_conflicts_v17;
                    DROP TABLE sync_conflicts_v17;
                    DELETE FROM grdb_migrations WHERE identifier = 'v17-conflict-resolvers';
                    """)
        }
        let reopened = try Workspace.open(
            at: path, clock: r.bClock, random: SystemRandom(), ids: .randomUUIDs)
        let owner = try reopened.authenticate(
            handle: "olivia", passphrase: secret(Fixture.ownerPass))
        let after = try reopened.syncConflicts(as: owner)
        #expect(after.count == 1)
        #expect(after.first?.resolver == nil)
        #expect(after.first?.winner == before.first?.winner)
        #expect(after.first?.loser == before.first?.loser)
        #expect(before.first?.resolver != nil)
        let applied = try reopened.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        #expect(applied.contains("v17-conflict-resolvers"))
    }
}
