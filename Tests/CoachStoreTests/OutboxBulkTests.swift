import CoachKit
import CoachSync
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// The bulk write paths in a workspace that syncs: device imports, their undo, and a rekey.
@Suite struct OutboxBulkTests {
    /// Every queued change of `object`, decoded.
    static func changes(_ f: Fixture, _ object: String) throws -> [ChangeEnvelope] {
        try OutboxTests.queued(f).filter { $0.object == object }
    }

    @Test("A device import queues a put per record added or updated, and its undo tombstones")
    func deviceImport() throws {
        let (f, a) = try OutboxTests.synced()
        let access = try f.ws.openAthlete(id: AthleteID(a), as: f.owner)
        let day = try #require(LocalDay("2026-11-24"))
        func steps(_ n: Int) -> DeviceRecord {
            DeviceRecord(
                id: "steps-2026-11-24", kind: .steps, day: day,
                payload: Array(#"{"steps":\#(n)}"#.utf8), replaces: true)
        }
        _ = try f.ws.writeDeviceBatch([steps(100)], for: access)
        _ = try f.ws.writeDeviceBatch([steps(100)], for: access)  // a duplicate: nothing
        _ = try f.ws.writeDeviceBatch([steps(250)], for: access)
        var queued = try Self.changes(f, "steps-2026-11-24")
        #expect(queued.map(\.version) == [1, 2])
        #expect(queued.last?.body == (try OutboxTests.body(f, a, "steps-2026-11-24")))
        try f.ws.removeDeviceRecords(ids: [RecordID("steps-2026-11-24")], for: access)
        queued = try Self.changes(f, "steps-2026-11-24")
        #expect(queued.map(\.operation) == [.put, .put, .delete])
        #expect(queued.last?.version == 3)
    }

    @Test("A rekey after a revocation queues each record re-sealed under the new epoch")
    func rekey() throws {
        let (f, a) = try OutboxTests.synced()
        // Membership changes of a synced workspace go through the server's roster: a server
        // that takes every entry on an empty roster.
        let roster = LockedValue<[RosterEntry]>([])
        f.ws.useRosterGate(
            RosterGate(
                actor: f.owner, fetch: { (roster.withLock { $0 }, .empty) },
                push: { entries, head in
                    roster.withLock { $0 += entries }
                    return .accepted(head.appending(contentsOf: entries))
                }))
        try f.put(a, id: "old", payload: #"{"mood":3}"#)
        _ = try f.user("carl", role: .coach)
        try f.ws.grantAccess(try f.ws.openAthlete(id: AthleteID(a), as: f.owner), to: "carl")
        try f.ws.revokeAccess(
            try f.ws.openAthlete(id: AthleteID(a), as: f.owner), from: Handle("carl"))
        let count = try f.ws.rekey(try f.ws.openAthlete(id: AthleteID(a), as: f.owner))
        #expect(count == 2)  // the profile and "old"
        let last = try #require(try Self.changes(f, "old").last)
        #expect(last.epoch == 2)
        #expect(last.version == 2)
        #expect(last.body == (try OutboxTests.body(f, a, "old")))
        #expect(try f.records(a)["old"] == #"{"mood":3}"#)
    }
}
