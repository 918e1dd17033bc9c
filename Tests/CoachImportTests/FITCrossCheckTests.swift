import CoachKit
import Foundation
import Testing

@testable import CoachImport

/// The FIT decoder against Python's `fitdecode` on files from the shared generator
/// (Tests/Fixtures/fit): same sessions and totals, same record values, NP equal.
///
/// The test makes a virtual environment under the temporary folder and installs `fitdecode` into
/// it; without a reachable package index it is skipped with a message, unless
/// `COACH_REQUIRE_CROSSCHECK=1` (as `make test` sets), where that is a failure.
@Suite(.serialized) struct FITCrossCheckTests {
    struct Session: Decodable {
        var start: Double
        var sport: String
        var elapsed_s: Double?
        var timer_s: Double?
        var distance_m: Double?
        var kcal: Double?
        var avg_hr: Double?
        var max_hr: Double?
        var avg_power: Double?
        var records: Int
        var power: [String: Double]
        var held_power_seconds: Int
        var hr: [String: Double]
        var np: Double?
    }

    struct FileResult: Decodable {
        var sessions: [Session]
        var records: Int
    }

    static let files = ["fit/ride_12min_s3.fit", "fit/run_18min_s4.fit"]

    /// The venv's python with fitdecode, or nil (with the reason) when it cannot be made.
    static func venvPython() -> (String?, String) {
        guard let python = ImportFixtures.python else { return (nil, "python3 is not on PATH") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "coach-fitdecode-venv"
        ).path
        let bin = dir + "/bin/python"
        if (try? ImportFixtures.run(bin, ["-c", "import fitdecode"])) != nil { return (bin, "") }
        do {
            _ = try ImportFixtures.run(python, ["-m", "venv", dir])
            _ = try ImportFixtures.run(bin, ["-m", "pip", "install", "-q", "fitdecode"])
            return (bin, "")
        } catch {
            return (nil, "could not install fitdecode with pip (\(error)); cross-check skipped")
        }
    }

    @Test("sessions, totals, record values and NP equal fitdecode's reading")
    func crossCheck() throws {
        let (python, why) = Self.venvPython()
        guard let python else {
            #expect(!ImportFixtures.required, "\(why)")
            print("FITCrossCheckTests: \(why)")
            return
        }
        let paths = Self.files.map(ImportFixtures.fixture)
        let script = ImportFixtures.root.appendingPathComponent(
            "Tests/ImportCounts/fit_crosscheck.py"
        ).path
        let reference = try JSONDecoder().decode(
            [String: FileResult].self, from: try ImportFixtures.run(python, [script] + paths))
        for path in paths {
            let expected = try #require(reference[path])
            let sink = CollectingSink()
            try FITImporter(file: path, zone: .gmt).run(
                bytes: try FileStream(path: path).readAll(), into: sink)
            let workouts = sink.records.compactMap { r -> Workout? in
                if case .workout(let w) = r.payload { return w } else { return nil }
            }
            #expect(workouts.count == expected.sessions.count)
            for (w, s) in zip(workouts, expected.sessions) {
                #expect(w.start.epochSeconds == s.start)
                #expect(w.sport.rawValue == s.sport)
                #expect(w.elapsedS == s.elapsed_s && w.movingS == s.timer_s)
                #expect(abs((w.distanceM ?? 0) - (s.distance_m ?? 0)) < 0.005)
                #expect(w.kcal == s.kcal && w.avgHrBpm == s.avg_hr && w.maxHrBpm == s.max_hr)
                #expect(w.avgPowerW == s.avg_power)
                let samples = try #require(w.samples)
                // Each record's power at its second, held across short gaps (smart recording).
                #expect(samples.powerW.compactMap { $0 }.count == s.held_power_seconds)
                for (t, p) in s.power { #expect(samples.powerW[Int(t)!] == p, "power at \(t) s") }
                for (t, h) in s.hr { #expect(samples.hrBpm[Int(t)!] == h, "hr at \(t) s") }
                #expect(w.npW == s.np, "NP")
            }
        }
    }

    @Test("NP of a ride without pauses equals the generator's own reference value")
    func generatorReference() throws {
        struct Ref: Decodable { var np_w: Double; var records: Int }
        let path = ImportFixtures.fixture("fit/ride_12min_s3.fit")
        let ref = try JSONDecoder().decode(
            Ref.self,
            from: try Data(
                contentsOf: URL(fileURLWithPath: ImportFixtures.fixture("fit/ride_12min_s3.json"))))
        let sink = CollectingSink()
        try FITImporter(file: path, zone: .gmt).run(
            bytes: try FileStream(path: path).readAll(), into: sink)
        guard case .workout(let w) = try #require(sink.records.first).payload else { return }
        #expect(abs(w.npW! - ref.np_w) < 0.05)
        #expect(w.samples?.powerW.compactMap { $0 }.count == ref.records)
    }
}
