import CoachKit
import Foundation

extension TrackImporter {
    func emit(_ t: Track, format: ImportFormat, _ sink: ImportSink) throws {
        guard let first = t.points.first else {
            throw ImportError(
                file: file, position: .file, problem: .missingField,
                message: "the file holds no track points")
        }
        let points = t.points.sorted { $0.time < $1.time }
        let startS = points[0].time.epochSeconds
        let elapsed = points.last!.time.epochSeconds - startS
        guard ImportBounds.accepts(span: elapsed) else {
            throw ImportError(
                file: file, position: .file, problem: .malformed,
                message: ImportBounds.spanMessage("the track", seconds: elapsed))
        }
        var w = Workout(
            id: "", start: Instant(date: first.time.date, timeZone: zone), sport: t.sport)
        w.elapsedS = elapsed
        w.source = format.rawValue.uppercased()
        if t.lapSeconds > 0 { w.movingS = t.lapSeconds }
        if t.lapKcal > 0 { w.kcal = t.lapKcal }
        w.distanceM =
            t.lapDistance > 0
            ? t.lapDistance : points.compactMap(\.distance).max() ?? Self.pathLength(points)
        let hrs = points.compactMap(\.hr)
        if !hrs.isEmpty {
            w.avgHrBpm = ((hrs.reduce(0, +) / Double(hrs.count)) * 10).rounded() / 10
            w.maxHrBpm = hrs.max()
        }
        w.samples = ActivitySamples.oneHertz(
            points.map { ($0.time.epochSeconds - startS, $0.power, $0.hr, $0.speed) },
            durationS: elapsed)
        // Time-weighted: the mean of the held 1 s stream, not of the irregular points.
        w.avgPowerW = ActivitySamples.recordedMean(w.samples!.powerW)
        w.npW = ActivitySamples.normalizedPower(
            w.samples!, durationS: elapsed, averageW: w.avgPowerW)
        try sink.record(
            ImportedRecord(
                label: "\(format.rawValue.uppercased()) activity",
                dedupeKey: ActivityKey.key(for: w),
                day: w.start.day(in: zone), payload: .workout(w)))
        for _ in 0..<t.laps { sink.merged("TCX lap", into: "activity totals") }
    }

    /// The length of a track from its positions (haversine), or `nil` without positions.
    static func pathLength(_ points: [Point]) -> Double? {
        var total = 0.0
        var last: (Double, Double)?
        for p in points {
            guard let lat = p.lat, let lon = p.lon else { continue }
            if let (la, lo) = last {
                let r = 6_371_008.8
                let dLat = (lat - la) * .pi / 180, dLon = (lon - lo) * .pi / 180
                let a =
                    sin(dLat / 2) * sin(dLat / 2) + cos(la * .pi / 180) * cos(lat * .pi / 180)
                    * sin(dLon / 2) * sin(dLon / 2)
                total += 2 * r * asin(min(1, a.squareRoot()))
            }
            last = (lat, lon)
        }
        return last == nil ? nil : (total * 10).rounded() / 10
    }
}
