import CoachKit
import Foundation
import Testing

@testable import CoachImport

/// TCX and GPX files of the same generated ride as the FIT fixture.
@Suite struct TrackImporterTests {
    static func workout(_ rel: String, forced: ImportFormat? = nil) throws -> (
        Workout, ImportedRecord
    ) {
        let units = try ImportUnits.units(path: ImportFixtures.fixture(rel), forced: forced)
        let sink = CollectingSink()
        try units[0].run(into: sink, settings: ImportSettings(zone: .gmt))
        let r = try #require(sink.records.first)
        guard case .workout(let w) = r.payload else { throw CSVRowError(description: "no workout") }
        return (w, r)
    }

    @Test("gzipped TCX and GPX are recognised from their content")
    func detection() throws {
        #expect(
            try ImportFormat.detect(path: ImportFixtures.fixture("fit/ride_12min_s3.tcx.gz"))
                == .tcx)
        #expect(
            try ImportFormat.detect(path: ImportFixtures.fixture("fit/ride_12min_s3.gpx.gz"))
                == .gpx)
        #expect(
            try ImportFormat.detect(path: ImportFixtures.fixture("fit/ride_12min_s3.fit")) == .fit)
    }

    @Test("TCX, GPX and FIT of one ride give the same dedupe key, power, heart rate and NP")
    func sameRide() throws {
        let (fit, fitRecord) = try Self.workout("fit/ride_12min_s3.fit")
        let (tcx, tcxRecord) = try Self.workout("fit/ride_12min_s3.tcx.gz")
        let (gpx, gpxRecord) = try Self.workout("fit/ride_12min_s3.gpx.gz")
        #expect(fitRecord.dedupeKey == tcxRecord.dedupeKey)
        #expect(fitRecord.dedupeKey == gpxRecord.dedupeKey)
        #expect(tcx.sport == .cycling && gpx.sport == .cycling)
        #expect(tcx.kcal == fit.kcal && tcx.distanceM == fit.distanceM)
        #expect(
            tcx.samples?.powerW == fit.samples?.powerW.prefix(tcx.samples!.powerW.count).map { $0 })
        #expect(tcx.npW == fit.npW)
        #expect(gpx.samples?.hrBpm.compactMap { $0 }.isEmpty == false)
        #expect(gpx.samples?.powerW.compactMap { $0 }.isEmpty == false)
        #expect(abs((gpx.distanceM ?? 0) - (fit.distanceM ?? 0)) / (fit.distanceM ?? 1) < 0.05)
    }
}
