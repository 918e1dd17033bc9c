import AdherencePlugin
import CoachKit
import CoachMetrics
import Foundation
import Testing
import TrainingLoadPlugin

/// Runs the independent Python implementation on every built-in provider for several generated
/// athletes (`SyntheticRoster`, 200 days each, three time zones) and demands the same answers:
/// identical statuses, scores and flags, values within 1e-6 (relative, absolute below 1).
///
/// `make test` sets `COACH_REQUIRE_CROSSCHECK=1`, so there a missing `python3` fails the suite
/// instead of skipping it. The script needs the standard library only (3.9+, for `zoneinfo`).
@Suite struct CrossCheckRosterTests {
    static let required = ProcessInfo.processInfo.environment["COACH_REQUIRE_CROSSCHECK"] == "1"
    static let days = 200

    typealias Answer = CrossCheckTests.Answer

    /// Runs crosscheck.py on `dataset` for `days`.
    static func python(_ dataset: AthleteDataset, days: [LocalDay]) throws -> [String: [String:
        Answer]]
    {
        let python = try #require(CrossCheckTests.python, "python3 is not on PATH")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "coach-crosscheck-\(ProcessInfo.processInfo.processIdentifier)-\(dataset.athlete.handle).json"
        )
        try JSONEncoder().encode(dataset).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = python
        process.arguments =
            ["-B", CrossCheckTests.script.path, file.path] + days.map(\.description)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "crosscheck.py failed: \(errors)")
        return try JSONDecoder().decode([String: [String: Answer]].self, from: data)
    }

    @Test("python3 is available where the cross-check is required")
    func pythonPresent() {
        #expect(
            !Self.required || CrossCheckTests.python != nil,
            "COACH_REQUIRE_CROSSCHECK=1 but python3 is not on PATH; install python3 (3.9 or later)")
    }

    @Test(
        "the roster exercises sleep blocks, mixed HRV kinds, spot checks, sportless sessions and computed TSS",
        arguments: Array(SyntheticRoster.members.indices))
    func coverage(member: Int) {
        let ds = SyntheticRoster.athletes(days: Self.days)[member]
        let zone = TimeZone(identifier: ds.athlete.timeZone)!
        let hrv = ds.biometrics.filter(\.type.isHRV)
        let blocks = SleepBlocks(ds.sleep)
        let inBlock = hrv.filter { s in blocks.blocks.contains { $0.contains(s.time.epochSeconds) }
        }.count
        let kindsByDay = Dictionary(grouping: hrv) { $0.time.day(in: zone) }.mapValues {
            Set($0.map(\.type))
        }
        let heart = ds.biometrics.filter { $0.type == .heart_rate }
        let acrossMidnight = hrv.filter { s in
            heart.contains { h in
                h.time.day(in: zone) > s.time.day(in: zone)
                    && h.time.epochSeconds - s.time.epochSeconds <= 300
            }
        }.count
        let sessions = ds.weeks.flatMap(\.sessions)
        let context = AthleteContext(
            profile: ds.athlete, day: LocalDay(SyntheticRoster.members[member].start)!)
        let last = LocalDay(SyntheticRoster.members[member].start)!.adding(days: Self.days)
        let assessed = SessionAssessment.assess(
            sessions: sessions, workouts: ds.workouts, zone: zone,
            before: last, athlete: context)
        let byID = Dictionary(ds.workouts.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let computed = assessed.filter { a in
            a.ratioBasis == "tss" && a.workoutID.flatMap { byID[$0] }.map { $0.tss == nil } == true
        }.count
        #expect(inBlock > 200, "HRV samples inside a main sleep block")
        #expect(hrv.count - inBlock > 80, "spot checks outside sleep")
        #expect(kindsByDay.values.filter { $0.count == 2 }.count > 10, "days with both HRV kinds")
        #expect(acrossMidnight >= 5, "late readings with heart rate after midnight")
        #expect(sessions.filter { $0.sport == nil }.count >= 10, "sessions without a sport")
        #expect(computed >= 10, "sessions compared with a TSS only training-load computes")
        #expect(Set(ds.food.map { $0.time.day(in: zone) }).count >= 120)
    }

    @Test(
        "every provider agrees with the Python implementation on several athletes over 200 days",
        .enabled(
            if: CrossCheckTests.python != nil,
            "python3 is not on PATH, so the cross-check is skipped"),
        arguments: Array(SyntheticRoster.members.indices))
    func agree(member: Int) throws {
        let dataset = SyntheticRoster.athletes(days: Self.days)[member]
        let start = LocalDay(SyntheticRoster.members[member].start)!
        let days =
            stride(from: 0, to: Self.days, by: 2).map { start.adding(days: $0) } + [
                start.adding(days: Self.days - 1)
            ]
        let python = try Self.python(dataset, days: days)
        let index = IndexedDataset(dataset)
        let registry = ProviderRegistry.builtins
        var compared = 0
        var ok: [String: Int] = [:]
        for day in days {
            for provider in registry.providers {
                let id = provider.descriptor.id
                let swift = try provider.evaluate(
                    MetricInput.make(descriptor: provider.descriptor, index: index, day: day))
                let py = try #require(
                    python[day.description]?[id], "no Python answer for \(id) on \(day)")
                let label = "\(dataset.athlete.handle): \(id) on \(day)"
                #expect(
                    swift.status.rawValue == py.status, "\(label): status \(swift.reason ?? "")")
                #expect(swift.score == py.score, "\(label): score")
                #expect(swift.flags.sorted() == py.flags.sorted(), "\(label): flags")
                compared += CrossCheckTests.expectSameValues(swift, py, label: label)
                if swift.status == .ok { ok[id, default: 0] += 1 }
            }
        }
        // The data must exercise every provider, not agree on nulls.
        #expect(compared > 4000)
        for p in registry.providers {
            #expect(
                ok[p.descriptor.id, default: 0] >= 30,
                "\(p.descriptor.id) is ok on only \(ok[p.descriptor.id, default: 0]) days")
        }
    }
}
