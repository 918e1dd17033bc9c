import CoachKit

/// A demo workout's energy from MET values of the Compendium of Physical Activities (Ainsworth
/// et al., *2011 Compendium of Physical Activities: a second update of codes and MET values*,
/// Medicine & Science in Sports & Exercise 43 (2011) 1575–1581), where one MET is 1 kcal per
/// kilogram per hour: kcal = MET · kg · hours.
enum DemoEnergy {
    /// Running by speed (mph, MET): "running, 5 mph" 8.3 up to "running, 11 mph" 16.0.
    static let running: [(mph: Double, met: Double)] = [
        (5, 8.3), (5.2, 9.0), (6, 9.8), (6.7, 10.5), (7, 11.0), (7.5, 11.5), (8, 11.8),
        (8.6, 12.3), (9, 12.8), (10, 14.5), (11, 16.0),
    ]

    /// Cycling by power (W, MET): stationary cycling "101–160 W" 8.8, "161–200 W" 11.0 and
    /// "201–270 W" 14.0, each taken at the middle of its range; under it "51–89 W" 4.8 and
    /// "90–100 W" 6.8.
    static let cycling: [(watts: Double, met: Double)] = [
        (70, 4.8), (95, 6.8), (130, 8.8), (180, 11.0), (235, 14.0),
    ]

    /// The MET range the demo may use for a sport, for the plausibility tests: swimming from
    /// "freestyle, slow, light or moderate effort" 5.8 to "freestyle, fast, vigorous" 9.8 (the
    /// Compendium's crawl at about 75 yd/min is 10.0); strength from "resistance training,
    /// multiple exercises, 8–15 repetitions" 3.5 to "resistance training, vigorous" 6.0.
    static func metRange(_ sport: Sport) -> ClosedRange<Double> {
        switch sport {
        case .cycling: 4.8...14.0
        case .running: 8.3...16.0
        case .swimming: 5.8...10.0
        case .strength: 3.5...6.0
        case .walking: 2.8...5.0
        case .other: 3.0...8.0
        }
    }

    /// The MET of a session: by speed for a run, by average power for a ride, by intensity
    /// factor for a swim (5.8 at IF 0.6 or less to 9.8 at IF 0.9 or more) and for strength (3.5
    /// at IF 0.5 or less to 6.0 at IF 0.7 or more).
    static func met(
        sport: Sport, intensity: Double, speedKmh: Double? = nil, averageWatts: Double? = nil
    ) -> Double {
        switch sport {
        case .running:
            let mph = (speedKmh ?? 10) / 1.609_344
            return interpolate(mph, running.map { ($0.mph, $0.met) })
        case .cycling:
            return interpolate(averageWatts ?? 150, cycling.map { ($0.watts, $0.met) })
        case .swimming: return interpolate(intensity, [(0.6, 5.8), (0.9, 9.8)])
        case .strength: return interpolate(intensity, [(0.5, 3.5), (0.7, 6.0)])
        case .walking: return 3.5
        case .other: return 5.0
        }
    }

    /// kcal of `seconds` at `met` for an athlete of `kg`.
    static func kcal(met: Double, kg: Double, seconds: Double) -> Double {
        (met * kg * seconds / 3600).rounded()
    }

    /// Piecewise-linear interpolation in `table` (ascending x), held flat beyond its ends.
    static func interpolate(_ x: Double, _ table: [(Double, Double)]) -> Double {
        guard let first = table.first, let last = table.last else { return 0 }
        if x <= first.0 { return first.1 }
        if x >= last.0 { return last.1 }
        for (a, b) in zip(table, table.dropFirst()) where x <= b.0 {
            return a.1 + (b.1 - a.1) * (x - a.0) / (b.0 - a.0)
        }
        return last.1
    }
}
