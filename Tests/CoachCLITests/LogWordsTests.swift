import CoachKit
import Foundation
import Testing

@testable import CoachCLI

/// Issue 30, item 7: log entries read as a coach says them, in the athlete's units.
@Suite struct LogWordsTests {
    static func profile(_ units: UnitSystem, ftp: Double?) -> AthleteProfile {
        var p = AthleteProfile(handle: "jane", name: "Jane")
        p.units = units
        p.thresholds.ftpW = ftp
        return p
    }

    static func entry(_ json: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    }

    /// (kind, stored entry, units, FTP, words).
    static let cases: [(RecordKind, String, UnitSystem, Double?, String)] = [
        (
            .workout, #"{"sport":"cycling","elapsed_s":5400,"np_w":230}"#, .metric, 250,
            "Ride 1:30 · NP 230 W · IF 0.92 · TSS 127"
        ),
        (
            .workout, #"{"sport":"running","elapsed_s":2700,"distance_m":8046.7,"tss":50}"#,
            .imperial, nil, "Run 0:45 · 5.0 mi · TSS 50"
        ),
        (
            .workout, #"{"sport":"cycling","elapsed_s":3600,"np_w":200,"tss":70}"#, .metric, 250,
            "Ride 1:00 · NP 200 W · IF 0.80 · TSS 70"
        ),
        (.weight, #"{"kg":61}"#, .metric, nil, "61.0 kg"),
        (.weight, #"{"kg":61}"#, .imperial, nil, "134.5 lb"),
        (
            .wellness, #"{"mood":4,"doms":{"quads":6,"hamstrings":3,"hip_flexors":6}}"#, .metric,
            nil, "mood 4/5 · sore hip flexors 6, quads 6, hamstrings 3"
        ),
        (
            .wellness,
            #"{"mood":4,"notes":"x","origin":{"device":"9435f787aa","item":"i","sent_at":1}}"#,
            .metric, nil, "mood 4/5 · “x” · from phone 9435f787"
        ),
        (
            .food, #"{"meal":"lunch","kcal":700,"protein_g":30,"carbs_g":80.5,"fat_g":20}"#,
            .metric, nil, "lunch 700 kcal · P 30 g · C 80.5 g · F 20 g"
        ),
        (.steps, #"{"steps":9000,"distance_m":7200}"#, .imperial, nil, "9000 steps · 4.5 mi"),
        (.biometric, #"{"type":"hrv_rmssd","value":62}"#, .metric, nil, "HRV 62 ms"),
        (
            .biometric, #"{"type":"wrist_temp","value":-0.04}"#, .metric, nil,
            "wrist temperature +0.0 °C"
        ),
        (
            .sleep, #"{"start":"2026-11-17T22:30:00Z","end":"2026-11-18T06:00:00Z"}"#, .metric,
            nil, "sleep 7h30m"
        ),
    ]

    @Test("entries in words, units and intensity", arguments: cases.indices)
    func words(index: Int) throws {
        let (kind, json, units, ftp, expected) = Self.cases[index]
        let words = LogWords(Self.profile(units, ftp: ftp))
        #expect(words.summary(kind, try Self.entry(json)) == expected)
    }
}
