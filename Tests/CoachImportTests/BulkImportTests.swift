import CoachKit
import Foundation
import Testing

@testable import CoachImport

/// A Strava-style account export: activities.csv plus activity files (some gzipped), as a folder
/// and as a zip.
@Suite struct BulkImportTests {
    static let index = """
        Activity ID,Activity Date,Activity Name,Activity Type,Filename
        101,"Oct 26, 2024, 3:33:02 PM",Saturday spin,Ride,activities/101.fit
        102,"Oct 11, 2024, 3:08:07 PM",Tempo run,Run,activities/102.fit
        103,"Oct 26, 2024, 3:33:02 PM",Saturday spin (tcx),Ride,activities/103.tcx.gz
        """

    /// Makes the export folder; returns its path.
    static func folder() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "coach-bulk-\(UUID())")
        let acts = root.appendingPathComponent("activities")
        try FileManager.default.createDirectory(at: acts, withIntermediateDirectories: true)
        let fm = FileManager.default
        try fm.copyItem(
            atPath: ImportFixtures.fixture("fit/ride_12min_s3.fit"),
            toPath: acts.appendingPathComponent("101.fit").path)
        try fm.copyItem(
            atPath: ImportFixtures.fixture("fit/run_18min_s4.fit"),
            toPath: acts.appendingPathComponent("102.fit").path)
        try fm.copyItem(
            atPath: ImportFixtures.fixture("fit/ride_12min_s3.tcx.gz"),
            toPath: acts.appendingPathComponent("103.tcx.gz").path)
        try Data(index.utf8).write(to: root.appendingPathComponent("activities.csv"))
        return root.path
    }

    static func workouts(_ units: [ImportUnit]) throws -> [(Workout, String)] {
        let sink = CollectingSink()
        for u in units { try u.run(into: sink, settings: ImportSettings(zone: .gmt)) }
        return sink.records.compactMap { r in
            if case .workout(let w) = r.payload { return (w, r.dedupeKey) } else { return nil }
        }
    }

    @Test("a folder export: every activity file is a unit, titled from activities.csv")
    func folderExport() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try ImportFormat.detect(path: root) == .bulk)
        let units = try ImportUnits.units(path: root)
        #expect(units.map(\.format) == [.fit, .fit, .tcx])
        let w = try Self.workouts(units)
        #expect(w.map(\.0.title) == ["Saturday spin", "Tempo run", "Saturday spin (tcx)"])
        #expect(w[0].1 == w[2].1)  // the FIT and TCX of one ride share a dedupe key
    }

    @Test("a zip export is read entry by entry without unpacking")
    func zipExport() throws {
        guard let python = ImportFixtures.python else {
            #expect(!ImportFixtures.required, "python3 is needed to build the zip")
            return
        }
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let zip = root + ".zip"
        defer { try? FileManager.default.removeItem(atPath: zip) }
        _ = try ImportFixtures.run(
            python,
            [
                "-c",
                "import shutil,sys; shutil.make_archive(sys.argv[1][:-4], 'zip', sys.argv[2])",
                zip, root,
            ])
        #expect(try ImportFormat.detect(path: zip) == .bulk)
        let units = try ImportUnits.units(path: zip)
        #expect(units.count == 3)
        let w = try Self.workouts(units)
        #expect(
            Set(w.compactMap(\.0.title)) == ["Saturday spin", "Tempo run", "Saturday spin (tcx)"])
        #expect(w.allSatisfy { $0.0.samples != nil })
    }
}
