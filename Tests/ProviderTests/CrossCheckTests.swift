import CoachKit
import CoachMetrics
import Foundation
import Testing
import TrainingLoadPlugin

/// Runs the independent Python implementation (Tests/CrossCheck/crosscheck.py) on a generated
/// 180-day athlete and demands the same answers: values within 1e-6 (relative, absolute below 1),
/// identical scores, statuses and flags.
@Suite struct CrossCheckTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("CrossCheck/crosscheck.py")

    /// `python3` on PATH, if any.
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map {
            URL(fileURLWithPath: String($0)).appendingPathComponent("python3")
        }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Expects the Swift result's values to equal Python's (numbers to 1e-6, relative above 1),
    /// name for name; returns how many values were compared.
    static func expectSameValues(_ swift: MetricResult, _ py: Answer, label: String) -> Int {
        #expect(Set(swift.values.keys) == Set(py.values.keys), "\(label): value names")
        for (name, value) in py.values {
            let mine = swift.values[name] ?? .null
            switch (mine, value) {
            case let (.number(a), .number(b)):
                #expect(
                    abs(a - b) <= 1e-6 * max(1, abs(a), abs(b)), "\(label): \(name) \(a) vs \(b)")
            default:
                #expect(mine == value, "\(label): \(name) \(mine) vs \(value)")
            }
        }
        return py.values.count
    }

    struct Answer: Decodable {
        let status: String
        let score: Int?
        let values: [String: MetricValue]
        let flags: [String]
    }

    static let providers = ["training-load", "readiness", "self-assessment"]

    @Test("the generated athlete is the same on every run and takes every TSS route")
    func deterministic() {
        let dataset = SyntheticAthlete.dataset()
        #expect(dataset == SyntheticAthlete.dataset())
        #expect(SyntheticAthlete.dataset(seed: 1) != SyntheticAthlete.dataset(seed: 2))
        let context = AthleteContext(profile: dataset.athlete, day: LocalDay("2026-07-01")!)
        let methods = Set(
            dataset.workouts.map {
                WorkoutStress.tss(of: $0, athlete: context).method?.rawValue ?? "none"
            })
        #expect(methods == Set(TSSMethod.allCases.map(\.rawValue)))
    }

    @Test(
        "Swift and the independent Python implementation agree on 180 days of data",
        .enabled(if: python != nil, "python3 is not on PATH, so the Python cross-check is skipped"))
    func agree() throws {
        var dataset = SyntheticAthlete.dataset()
        // Issue 29: typed starting values, so readiness scores from the first day (an untyped
        // chart builds for 84 days; the roster cross-check covers that path).
        dataset.athlete.pmc.startCtl = 45
        dataset.athlete.pmc.startAtl = 50
        let start = LocalDay("2026-01-15")!
        var days = stride(from: 0, to: 180, by: 3).map { start.adding(days: $0) }
        days += [
            "2026-03-29", "2026-03-30", "2026-07-03", "2026-07-04", "2026-07-05", "2026-07-06",
            "2026-07-07", "2026-07-13",
        ].map { LocalDay($0)! }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "coach-crosscheck-\(ProcessInfo.processInfo.processIdentifier).json")
        try JSONEncoder().encode(dataset).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let process = Process()
        process.executableURL = Self.python
        process.arguments = ["-B", Self.script.path, file.path] + days.map(\.description)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "crosscheck.py failed: \(errors)")
        let python = try JSONDecoder().decode([String: [String: Answer]].self, from: data)

        let index = IndexedDataset(dataset)
        let registry = ProviderRegistry.builtins
        var compared = 0, withAdjustment = 0, illness = 0
        for day in days {
            for id in Self.providers {
                let provider = try #require(registry.provider(id: id))
                let swift = try provider.evaluate(
                    MetricInput.make(descriptor: provider.descriptor, index: index, day: day))
                let py = try #require(
                    python[day.description]?[id], "no Python answer for \(id) on \(day)")
                let label = "\(id) on \(day)"
                #expect(swift.status.rawValue == py.status, "\(label): status")
                #expect(swift.score == py.score, "\(label): score")
                #expect(swift.flags.sorted() == py.flags.sorted(), "\(label): flags")
                compared += CrossCheckTests.expectSameValues(swift, py, label: label)
                if id == "readiness", swift.number("hrv_z") != nil { withAdjustment += 1 }
                if swift.flags.contains("possible_illness") { illness += 1 }
            }
        }
        // The data must actually exercise the physiology modifier, not just agree on nulls.
        #expect(compared > 1000)
        #expect(withAdjustment > 20)
        #expect(illness >= 1)
    }
}
