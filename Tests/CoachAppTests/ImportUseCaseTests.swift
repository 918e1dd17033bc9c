import CoachApp
import CoachImport
import CoachKit
import CoachStore
import CoachTestSupport
import Foundation
import Testing

/// `import` in process: device files from `Tests/Fixtures/fit` read through the application
/// layer into an athlete, then read back; a damaged file is a typed refusal that keeps nothing.
@Suite struct ImportUseCaseTests {
    /// The generator's reference values of the ride (Tests/Fixtures/fit/SOURCE).
    struct Reference: Decodable {
        var start_utc: String
        var elapsed_s: Double
        var np_w: Double
    }

    static let ride = [
        "fit/ride_12min_s3.fit", "fit/ride_12min_s3.tcx.gz", "fit/ride_12min_s3.gpx.gz",
    ]

    /// Log records of an athlete, read back through the session.
    static func logCount(_ session: AppSession, _ handle: String) throws -> Int {
        let d = try session.exportDataset(Handle(handle))
        return d.workouts.count + d.biometrics.count + d.sleep.count + d.food.count
            + d.weight.count + d.steps.count + d.wellness.count
    }

    @Test("A FIT ride is imported into jane and read back with the generator's values")
    func fitReadBack() throws {
        let s = try WorkspaceSandbox()
        let session = try s.session()
        let report = try session.importFiles(
            ImportRequest(paths: [TestFixtures.path(Self.ride[0])], athlete: Handle("jane")))
        #expect(report.files.map(\.imported) == [true] && report.failures.isEmpty)
        #expect(report.files.first?.format == "fit")
        #expect(report.types.map(\.imported).reduce(0, +) == 1)
        let ref = try JSONDecoder().decode(
            Reference.self, from: try TestFixtures.data("fit/ride_12min_s3.json"))
        let workouts = try session.exportDataset(Handle("jane")).workouts
        let w = try #require(workouts.first)
        #expect(workouts.count == 1 && w.sport == .cycling)
        #expect(w.start.date == Instant(ref.start_utc)?.date)
        #expect(w.elapsedS == ref.elapsed_s)
        #expect(abs(try #require(w.npW) - ref.np_w) < 0.05)
    }

    @Test("The FIT, TCX and GPX of one ride are one workout; importing them again adds nothing")
    func oneRideThreeFormats() throws {
        let s = try WorkspaceSandbox()
        let session = try s.session()
        let request = ImportRequest(
            paths: Self.ride.map(TestFixtures.path), athlete: Handle("jane"))
        let first = try session.importFiles(request)
        #expect(first.files.map(\.format) == ["fit", "tcx", "gpx"])
        #expect(first.types.map(\.imported).reduce(0, +) == 1)
        #expect(first.types.map(\.duplicate).reduce(0, +) == 2)
        let again = try session.importFiles(request)
        #expect(again.types.map(\.imported).reduce(0, +) == 0)
        #expect(again.types.map(\.updated).reduce(0, +) == 0)
        #expect(again.types.map(\.duplicate).reduce(0, +) == 3)
        #expect(try Self.logCount(session, "jane") == 1)
    }

    @Test("since leaves out records before the day; a dry run writes nothing")
    func sinceAndDryRun() throws {
        let s = try WorkspaceSandbox()
        let session = try s.session()
        let files = ["fit/run_18min_s4.fit", "fit/ride_12min_s3.fit"].map(TestFixtures.path)
        let dry = try session.importFiles(
            ImportRequest(paths: files, athlete: Handle("jane"), dryRun: true))
        #expect(dry.dryRun && dry.types.map(\.imported).reduce(0, +) == 2)
        #expect(try Self.logCount(session, "jane") == 0)
        let since = try session.importFiles(
            ImportRequest(paths: files, athlete: Handle("jane"), since: LocalDay("2024-10-20")))
        #expect(since.types.map(\.imported).reduce(0, +) == 1)
        #expect(since.types.contains { $0.skipped["before the first day asked for"] == 1 })
        #expect(try Self.logCount(session, "jane") == 1)
    }

    @Test("A damaged FIT file is a typed refusal naming the file, and nothing is kept")
    func damagedFit() throws {
        let s = try WorkspaceSandbox()
        let session = try s.session()
        var bytes = [UInt8](try TestFixtures.data(Self.ride[0]))
        bytes[100] ^= 0xFF
        let path = s.folder.file("bad.fit")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: ImportError.self) {
            try session.importFiles(ImportRequest(paths: [path], athlete: Handle("jane")))
        }
        #expect(error?.problem == .badChecksum && error?.file == path)
        #expect(error?.category == .invalidData)
        #expect(error.flatMap(FailureDetail.init) == .importRefused(.damaged))
        #expect(try Self.logCount(session, "jane") == 0)
        // With skipBad the file is reported as not imported instead.
        let skipped = try session.importFiles(
            ImportRequest(paths: [path], athlete: Handle("jane"), skipBad: true))
        #expect(skipped.failures.map(\.file) == [path])
        #expect(try Self.logCount(session, "jane") == 0)
    }

    @Test("A coach cannot import into an athlete they do not hold")
    func notHeld() throws {
        let s = try WorkspaceSandbox()
        let coach = try s.session(as: "carl")
        #expect(throws: StoreError.athleteNotFound("bert")) {
            try coach.importFiles(
                ImportRequest(paths: [TestFixtures.path(Self.ride[0])], athlete: Handle("bert")))
        }
    }

    @Test("A file imported before a key rotation is still one record when imported after it")
    func duplicateAcrossRotation() throws {
        let s = try WorkspaceSandbox()
        let request = ImportRequest(
            paths: [TestFixtures.path(Self.ride[0])], athlete: Handle("jane"))
        let first = try s.session().importFiles(request)
        #expect(first.types.map(\.imported).reduce(0, +) == 1)
        let stored = try s.session().exportDataset(Handle("jane")).workouts.map(\.id)
        try s.session().revokeAccess(athlete: Handle("jane"), from: Handle("carl"))
        let session = try s.session()
        var dry = request
        dry.dryRun = true
        let preview = try session.importFiles(dry)
        #expect(preview.types.map(\.imported).reduce(0, +) == 0)
        #expect(preview.types.map(\.duplicate).reduce(0, +) == 1)
        let again = try session.importFiles(request)
        #expect(again.types.map(\.imported).reduce(0, +) == 0)
        #expect(again.types.map(\.duplicate).reduce(0, +) == 1)
        #expect(try session.exportDataset(Handle("jane")).workouts.map(\.id) == stored)
        // Another file after the rotation is keyed under the new key.
        let run = try session.importFiles(
            ImportRequest(
                paths: [TestFixtures.path("fit/run_18min_s4.fit")], athlete: Handle("jane")))
        #expect(run.types.map(\.imported).reduce(0, +) == 1)
        #expect(try Self.logCount(session, "jane") == 2)
    }
}
