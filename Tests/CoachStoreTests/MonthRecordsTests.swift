import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// `records(of:monthsFrom:through:)` reads the chunks of the months asked for, and only those.
@Suite struct MonthRecordsTests {
    static func scene() throws -> (Fixture, AthleteID) {
        let f = try Fixture()
        let a = AthleteID(try f.athlete("anna"))
        let start = LocalDay("2026-08-01")!
        for i in 0..<90 {
            let e = WellnessEntry(id: "m\(i)", day: start.adding(days: i), mood: i % 5 + 1)
            try f.ws.putLog(
                e, id: RecordID(e.id), kind: .wellness, day: e.day,
                for: try f.ws.openAthlete(id: a, as: f.owner))
        }
        return (f, a)
    }

    @Test("Only the records of the months asked for are read, and the same as the whole dataset")
    func months() throws {
        let (f, a) = try Self.scene()
        let athlete = try f.ws.openAthlete(id: a, as: f.owner)
        let sept = LocalDay("2026-09-10")!
        let part = try f.ws.records(of: athlete, monthsFrom: sept, through: sept)
        let all = try f.ws.dataset(of: athlete)
        #expect(part.wellness.count == 30)
        #expect(part.wellness == all.wellness.filter { $0.day.components.month == 9 })
        #expect(part.athlete == all.athlete)
    }

    @Test("A chunk of the months read that was removed is tampering")
    func tampered() throws {
        let (f, a) = try Self.scene()
        let athlete = try f.ws.openAthlete(id: a, as: f.owner)
        try f.raw { db in
            try db.execute(
                sql: "DELETE FROM snapshot_chunks WHERE athlete_id = ? AND period = ?",
                arguments: [a.rawValue, 2026 * 12 + 8])
        }
        let sept = LocalDay("2026-09-10")!
        #expect { try f.ws.records(of: athlete, monthsFrom: sept, through: sept) } throws: {
            isTampered($0)
        }
        let aug = LocalDay("2026-08-10")!
        #expect(try f.ws.records(of: athlete, monthsFrom: aug, through: aug).wellness.count == 31)
    }
}
