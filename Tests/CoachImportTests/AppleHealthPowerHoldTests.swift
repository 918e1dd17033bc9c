import CoachKit
import Foundation
import Testing

@testable import CoachImport

/// Apple Health's power samples inside a workout are laid out and held the same way.
@Suite struct AppleHealthPowerHoldTests {
    @Test("an Apple Health ride with power once a minute holds each minute")
    func heldPower() throws {
        typealias F = ImportFixtures
        let minutes = (0...4).map { m in
            F.record(
                "CyclingPower", "2023-11-06 17:0\(m):00 -0800", value: m < 2 ? "200" : "230",
                unit: "W")
        }
        let body =
            """
             <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="4" \
            durationUnit="min" sourceName="Jane's Apple Watch" \
            startDate="2023-11-06 17:00:00 -0800" endDate="2023-11-06 17:04:00 -0800"/>
            """ + minutes.joined()
        let sink = try F.appleHealth(F.document(body))
        let w = try #require(
            sink.records.compactMap { r -> Workout? in
                if case .workout(let w) = r.payload { return w } else { return nil }
            }.first)
        let power = try #require(w.samples?.powerW)
        // Points at 0, 60, 120, 180, 240 s: the pause threshold is 120 s, so every second holds.
        #expect(power.count == 241)
        #expect(power[59] == 200 && power[119] == 200 && power[120] == 230 && power[240] == 230)
        // Average: (120 · 200 + 121 · 230) / 241 = 215.06; NP from the held stream, not 0 W gaps.
        let average: Double = (120 * 200 + 121 * 230) / 241
        #expect(abs((w.avgPowerW ?? 0) - average) < 1e-9)
        #expect(try #require(w.npW) >= average)
    }
}
