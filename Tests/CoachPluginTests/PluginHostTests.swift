import CoachKit
import CoachPluginProtocol
import Foundation
import Testing

@testable import CoachPlugins

#if canImport(Glibc)
    import Glibc
#endif

/// The host's pieces that need no process: the input filter, the validator and the references.
@Suite struct PluginHostTests {
    static let day = LocalDay(year: 2026, month: 1, day: 28)!

    @Test("Only declared and granted kinds pass, without notes, titles or the birthday")
    func filter() {
        let all = MetricDescriptor(
            id: "x", name: "x", summary: "", version: "1",
            inputs: InputKind.allCases.map { InputRequirement($0, days: 28) },
            range: .init(min: 0, max: 100), unit: "", bands: [])
        var input = SyntheticInput.make(for: all)
        input.wellness[0].notes = "private"
        input.workouts[0].title = "Run with my sister"
        input.athlete.birthdayDaysAgo = 3
        input.athlete.ref = "athlete-id"
        let filter = PluginInputFilter(granted: [.wellness, .workouts]) { "k-" + $0 }
        let out = filter.apply(input, declared: [InputRequirement(.wellness, days: 7)])
        #expect(out.nonEmptyKinds == [.wellness])
        #expect(out.wellness.allSatisfy { $0.notes == nil })
        #expect(out.athlete.birthdayDaysAgo == nil)
        #expect(out.athlete.ref == "k-athlete-id")
        let both = filter.apply(
            input,
            declared: [InputRequirement(.wellness, days: 7), InputRequirement(.workouts, days: 7)])
        #expect(both.workouts.allSatisfy { $0.title == nil } && !both.workouts.isEmpty)
    }

    static let descriptor = MetricDescriptor(
        id: "m", name: "m", summary: "", version: "1", inputs: [],
        range: .init(min: 0, max: 10), unit: "",
        bands: [MetricBand("low", min: 0, max: 5, colour: "#000000")])

    struct Bad: Sendable, CustomTestStringConvertible {
        let name: String
        let result: MetricResult
        let reason: String
        var testDescription: String { name }
    }

    static let bad: [Bad] = [
        Bad(
            name: "wrong id",
            result: MetricResult(
                id: "n", status: .ok, score: 1, band: nil, values: [:], explanation: ""),
            reason: "instead of 'm'"),
        Bad(
            name: "above range",
            result: MetricResult(
                id: "m", status: .ok, score: 11, band: nil, values: [:], explanation: ""),
            reason: "outside the declared range 0–10"),
        Bad(
            name: "below range",
            result: MetricResult(
                id: "m", status: .ok, score: -1, band: nil, values: [:], explanation: ""),
            reason: "outside the declared range"),
        Bad(
            name: "infinite value",
            result: MetricResult(
                id: "m", status: .ok, score: 1, band: nil, values: ["v": .number(.infinity)],
                explanation: ""),
            reason: "not finite"),
        Bad(
            name: "ok without score",
            result: MetricResult(
                id: "m", status: .ok, score: nil, band: nil, values: [:], explanation: ""),
            reason: "without a score"),
    ]

    @Test("Invalid answers are refused with the reason", arguments: bad)
    func refuses(_ b: Bad) {
        #expect {
            try ResultValidator.validate(b.result, for: Self.descriptor)
        } throws: { error in
            (error as? PluginFailure)?.errorDescription?.contains(b.reason) == true
        }
    }

    @Test("A valid answer gets its band from the manifest")
    func bandFromManifest() throws {
        let r = MetricResult(
            id: "m", status: .ok, score: 3, band: BandLabel(name: "made-up", colour: "#FFFFFF"),
            values: [:], explanation: "")
        #expect(try ResultValidator.validate(r, for: Self.descriptor).band?.name == "low")
    }

    @Test("A NaN in an answer line is named as such, not as broken JSON")
    func nanLine() {
        let line = Array(#"{"jsonrpc":"2.0","id":2,"result":{"values":{"x":NaN}}}"#.utf8)
        let failure = PluginConnection.describeUndecodable(line, CocoaError(.coderReadCorrupt))
        #expect(failure.errorDescription?.contains("not finite") == true)
    }
}

/// Plugins that fail before the first answer, through the real launcher.
@Suite struct PluginLaunchTests {
    static func script(_ body: String) throws -> (path: String, folder: String) {
        let folder = "/tmp/coach-launch-\(UUID().uuidString.lowercased())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o755)
        let path = folder + "/coach-metric-early"
        try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return (path, folder)
    }

    static let context = PluginContext(
        host: PeerInfo(name: "coach-tests", version: "0"), temporaryRoot: "/tmp",
        initializeTimeout: .seconds(2))

    @Test("A plugin that exits at once is an error naming its status, and the host survives")
    func exitsAtOnce() throws {
        let (path, folder) = try Self.script("echo 'no config found' >&2; exit 5")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect {
            try PluginInspector.inspect(path: path, context: Self.context)
        } throws: { error in
            let text = (error as? PluginError)?.errorDescription ?? ""
            return text.contains("plugin 'early' exited with status 5")
                && text.contains("no config found")
        }
    }

    @Test("A plugin that never answers the handshake times out within its 2 s")
    func silent() throws {
        let (path, folder) = try Self.script("exec sleep 30")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = ContinuousClock()
        let start = clock.now
        #expect {
            try PluginInspector.inspect(path: path, context: Self.context)
        } throws: { error in
            (error as? PluginError)?.errorDescription?.contains("did not answer within 2 s")
                == true
        }
        #expect(clock.now - start < .seconds(5))
    }
}

/// What a plugin writes to stderr is kept, but only its last bytes.
@Suite struct StderrTailTests {
    @Test("A flood of stderr keeps only the last 16 KiB and its last line")
    func bounded() {
        var tail = StderrTail(limit: 16 << 10)
        for i in 0..<10_000 { tail.append(Array("log line \(i)\n".utf8)) }
        #expect(tail.bytes.count == 16 << 10)
        #expect(tail.dropped > 0)
        #expect(tail.lines.last == "log line 9999")
    }
}
