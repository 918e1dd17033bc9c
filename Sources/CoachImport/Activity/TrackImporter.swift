import CoachKit
import Foundation

/// Reads TCX and GPX activity files: track points with time, heart rate, cadence, power and
/// speed (Garmin's TPX and TrackPointExtension), laps' totals in TCX, and the sport.
public struct TrackImporter {
    /// The name errors and summaries use.
    public let file: String
    /// The zone instants are written in.
    public let zone: TimeZone

    /// Creates an importer for `file`.
    public init(file: String, zone: TimeZone) { self.file = file; self.zone = zone }

    /// One track point.
    struct Point {
        var time: Instant
        var hr: Double?
        var power: Double?
        var speed: Double?
        var distance: Double?
        var lat: Double?
        var lon: Double?
    }

    /// What a file holds.
    struct Track {
        var sport: Sport = .other
        var points: [Point] = []
        var lapSeconds = 0.0, lapDistance = 0.0, lapKcal = 0.0
        var laps = 0
    }

    /// Imports a TCX or GPX document from `stream`.
    ///
    /// - Throws: `ImportError` for a damaged document or a track point without a time.
    public func run(stream: ByteStream, format: ImportFormat, into sink: ImportSink) throws {
        var s = XMLScanner(stream: stream, file: file)
        var t = Track()
        var path: [String] = []
        var point: (offset: Int64, fields: [String: String])?
        var lapOpen = false
        while true {
            let token = try s.next()
            if token == .endOfDocument { break }
            switch token {
            case .start:
                let name = Self.local(s.nameString)
                path.append(name)
                if name == "Trackpoint" || name == "trkpt" {
                    point = (s.tokenOffset, [:])
                    if name == "trkpt" {
                        point!.fields["lat"] = try s.attribute("lat")
                        point!.fields["lon"] = try s.attribute("lon")
                    }
                } else if name == "Activity" {
                    t.sport = Self.sport(try s.attribute("Sport") ?? "")
                } else if name == "Lap" {
                    lapOpen = true; t.laps += 1
                }
                if s.selfClosing { _ = try s.next(); path.removeLast() }
            case .text:
                let text = s.text().trimmingCharacters(in: .whitespacesAndNewlines)
                guard let leaf = path.last else { continue }
                let parent = path.count > 1 ? path[path.count - 2] : ""
                if point != nil {
                    let key = leaf == "Value" ? parent : leaf
                    point!.fields[key] = text
                } else if lapOpen, parent == "Lap", let v = Double(text) {
                    guard ImportBounds.accepts(v) else {
                        throw ImportError(
                            file: file, position: .byte(s.tokenOffset), problem: .malformed,
                            message: ImportBounds.numberMessage(leaf, text))
                    }
                    switch leaf {
                    case "TotalTimeSeconds": t.lapSeconds += v
                    case "DistanceMeters": t.lapDistance += v
                    case "Calories": t.lapKcal += v
                    default: break
                    }
                } else if leaf == "type", parent == "trk" {
                    t.sport = Self.sport(text)
                }
            case .end:
                let name = path.removeLast()
                if name == "Lap" { lapOpen = false }
                if name == "Trackpoint" || name == "trkpt", let p = point {
                    t.points.append(try makePoint(p.fields, offset: p.offset))
                    point = nil
                }
            case .endOfDocument: break
            }
        }
        try emit(t, format: format, sink)
        sink.progress(bytesRead: stream.sourceBytesRead)
    }

    static func local(_ name: String) -> String {
        name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
    }

    static func sport(_ s: String) -> Sport {
        switch s.lowercased() {
        case "biking", "cycling", "ride", "road_biking", "mountain_biking", "virtualride": .cycling
        case "running", "run", "trail_running", "virtualrun": .running
        case "swimming", "swim": .swimming
        case "walking", "hiking", "walk", "hike": .walking
        default: .other
        }
    }

    func makePoint(_ f: [String: String], offset: Int64) throws -> Point {
        guard let raw = f["Time"] ?? f["time"], let time = Instant(raw) else {
            throw ImportError(
                file: file, position: .byte(offset), problem: .missingField,
                message: f["Time"] ?? f["time"] == nil
                    ? "a track point has no time" : "a track point's time is not a date")
        }
        guard ImportBounds.accepts(epochSeconds: time.epochSeconds) else {
            throw ImportError(
                file: file, position: .byte(offset), problem: .malformed,
                message: "a track point's time \(ImportBounds.dateMessage)")
        }
        func num(_ keys: String...) throws -> Double? {
            for k in keys {
                guard let text = f[k], let v = Double(text) else { continue }
                guard ImportBounds.accepts(v) else {
                    throw ImportError(
                        file: file, position: .byte(offset), problem: .malformed,
                        message: ImportBounds.numberMessage(k, text))
                }
                return v
            }
            return nil
        }
        return try Point(
            time: time, hr: num("HeartRateBpm", "hr"), power: num("Watts", "power", "PowerInWatts"),
            speed: num("Speed", "speed"), distance: num("DistanceMeters"),
            lat: num("lat", "LatitudeDegrees"),
            lon: num("lon", "LongitudeDegrees"))
    }
}
