import CoachKit
import CoachTestSupport
import Foundation
import GRDB
import Testing

@testable import CoachCodec
@testable import CoachStore

/// A dataset import seals records from their model values and writes the snapshot from them:
/// what it stores must be what the record-by-record path would store.
@Suite struct DatasetImportTests {
    /// Every kind once, plus values whose JSON is not the obvious one (a fractional-second
    /// instant, a negative zero, text that is not ASCII).
    static var dataset: AthleteDataset {
        var d = EveryFieldDataset.dataset
        var w = d.workouts[0]
        w.id = "w-odd"
        w.start = Instant(epochSeconds: 1_795_000_000.123_456_7, offsetSeconds: -34_200)
        w.npW = -0.0
        w.title = "Zürich → Bern, e\u{301}tape 2"
        d.workouts.append(w)
        return d
    }

    @Test("An entry sealed from its value seals what its JSON payload seals, byte for byte")
    func sealedFromValue() throws {
        for r in try DatasetRecords.records(of: Self.dataset) {
            let (payload, item) = try r.item.normalized()
            let plain = try item.sealedPlaintext(id: r.id)
            #expect(plain.first == RecordPayload.packedTag, "\(r.id) was not packed")
            #expect(plain == RecordPayload.pack(payload, kind: r.kind, id: r.id))
            #expect(try RecordPayload.unpack(plain, kind: r.kind, id: r.id) == payload)
            // Unnormalised, the value still reads back as its payload.
            let raw = try r.item.sealedPlaintext(id: r.id)
            #expect(try RecordPayload.unpack(raw, kind: r.kind, id: r.id) == payload)
        }
    }

    @Test("A value whose compact form does not read back equal is sealed from its JSON")
    func unequalValueFallsBack() throws {
        var entry = EveryFieldDataset.dataset.biometrics[0]
        entry.value = .nan
        #expect(RecordPayload.packed(entry) { $0.id = "" } == nil)
        #expect(throws: (any Error).self) {
            try DatasetItem.biometric(entry).sealedPlaintext(id: entry.id)
        }
    }

    @Test("Importing into a new athlete and again with changes stores records and snapshot alike")
    func snapshotMatchesRecords() throws {
        let f = try Fixture()
        var d = Self.dataset
        d.athlete.handle = "jane"
        let count = try DatasetRecords.records(of: d).count
        let created = try f.ws.importDataset(d, handle: nil, create: true, as: f.owner)
        #expect(created.added == count)
        let id = try f.ws.targetAthlete(Handle("jane"), as: f.owner).rawValue
        try Self.expectSnapshotMatchesRecords(f, id)
        let exported = try f.ws.exportDataset(athleteId: AthleteID(id), as: f.owner)
        // Ids as the import stores them (issue 31: a written id that is not a UUID is kept
        // only as a keyed hash).
        let ids = try f.ws.read { db in
            try f.ws.importedIds(
                db, keyring: try AthleteKeyring.open(db, athleteId: id, principal: f.owner))
        }
        #expect(
            exported.workouts.map(\.id).sorted() == d.workouts.map { ids.stored($0.id) }.sorted())

        var changed = d
        changed.wellness[0].mood = 2
        changed.wellness.append(
            WellnessEntry(id: "m2", day: LocalDay("2026-09-30")!, mood: 5, doms: [:]))
        changed.weight = []
        let again = try f.ws.importDataset(
            changed, handle: Handle("jane"), create: false, as: f.owner)
        #expect(again.added == 1)
        #expect(again.updated == 1)
        // Every other entry, and the profile (the same as stored).
        #expect(again.unchanged == count - 1)
        try Self.expectSnapshotMatchesRecords(f, id)
        let after = try f.ws.exportDataset(athleteId: AthleteID(id), as: f.owner)
        #expect(after.wellness.map(\.mood) == [5, 2])
        #expect(after.weight.count == 1)  // an import never removes

        let unchanged = try f.ws.importDataset(
            changed, handle: Handle("jane"), create: false, as: f.owner)
        #expect(unchanged.added + unchanged.updated == 0)
    }

    static func expectSnapshotMatchesRecords(_ f: Fixture, _ id: String) throws {
        let (snapshot, records) = try f.ws.read { db in
            let keyring = try AthleteKeyring.open(db, athleteId: id, principal: f.owner)
            return (
                try f.ws.loadSnapshot(db, keyring: keyring),
                try f.ws.datasetFromRecords(db, keyring: keyring)
            )
        }
        #expect(snapshot == records)
    }
}
