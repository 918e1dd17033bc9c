import CoachKit
import Foundation

/// A row that does not make a log entry.
struct CSVRowError: Error, CustomStringConvertible {
    var description: String
}

extension CSVImporter {
    func record(_ f: [String: String], fileKind: RecordKind?) throws -> ImportedRecord {
        let kindName = f["kind"]
        guard let kind = kindName.flatMap(RecordKind.init(rawValue:)) ?? fileKind,
            DatasetCSV.kinds.contains(kind)
        else {
            throw CSVRowError(description: "no log kind (add a 'kind' column)")
        }
        var json: [String: Any] = ["id": f["id"] ?? "csv"]
        var doms: [String: Int] = [:]
        for (k, v) in f.sorted(by: { $0.key < $1.key }) where k != "kind" && k != "id" {
            if k.hasPrefix("doms_") {
                guard let n = Int(v) else { throw CSVRowError(description: "\(k) is not a number") }
                doms[String(k.dropFirst(5))] = n
            } else if Self.numeric.contains(k) {
                guard let n = Double(v) else {
                    throw CSVRowError(description: "\(k) '\(v)' is not a number")
                }
                guard ImportBounds.accepts(n) else {
                    throw CSVRowError(description: ImportBounds.numberMessage(k, v))
                }
                if k == "elapsed_s" || k == "moving_s", !ImportBounds.accepts(span: n) {
                    throw CSVRowError(description: ImportBounds.spanMessage(k, seconds: n))
                }
                json[k] = n
            } else {
                json[k] = v
            }
        }
        if !doms.isEmpty { json["doms"] = doms }
        switch kind {
        case .workout, .sleep:
            json["start"] = json.removeValue(forKey: "time")
            json.removeValue(forKey: "day")
        case .biometric, .food, .weight: json.removeValue(forKey: "day")
        default: json.removeValue(forKey: "time")
        }
        let data = try JSONSerialization.data(withJSONObject: json)
        let decoder = JSONDecoder()
        let key =
            "csv|\(kind.rawValue)|"
            + (f["id"]
                ?? f.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                    separator: ";"))
        func rec(_ p: ImportedRecord.Payload, _ day: LocalDay) -> ImportedRecord {
            ImportedRecord(
                label: "CSV \(kind.rawValue)", dedupeKey: key, day: day, payload: p,
                givenId: f["id"])
        }
        do {
            switch kind {
            case .workout:
                let w = try decoder.decode(Workout.self, from: data)
                try Self.check(w.start, "time")
                return rec(.workout(w), w.start.day(in: .gmt))
            case .sleep:
                let s = try decoder.decode(SleepRecord.self, from: data)
                try Self.check(s.start, "start"); try Self.check(s.end, "end")
                let span = s.end.epochSeconds - s.start.epochSeconds
                guard ImportBounds.accepts(span: span) else {
                    throw CSVRowError(description: ImportBounds.spanMessage("sleep", seconds: span))
                }
                return rec(.sleep(s), s.end.day(in: .gmt))
            case .biometric:
                let b = try decoder.decode(BiometricSample.self, from: data)
                try Self.check(b.time, "time")
                return rec(.biometric(b), b.time.day(in: .gmt))
            case .food:
                let x = try decoder.decode(FoodEntry.self, from: data)
                try Self.check(x.time, "time")
                return rec(.food(x), x.time.day(in: .gmt))
            case .weight:
                let x = try decoder.decode(WeightEntry.self, from: data)
                try Self.check(x.time, "time")
                return rec(.weight(x), x.time.day(in: .gmt))
            case .steps:
                json["steps"] = (json["steps"] as? Double).map { Int($0) }
                let x = try decoder.decode(
                    StepsDay.self, from: try JSONSerialization.data(withJSONObject: json))
                return rec(.steps(x), x.day)
            case .wellness:
                json["mood"] = (json["mood"] as? Double).map { Int($0) }
                let x = try decoder.decode(
                    WellnessEntry.self, from: try JSONSerialization.data(withJSONObject: json))
                return rec(.wellness(x), x.day)
            default:
                throw CSVRowError(description: "\(kind.rawValue) is not a log kind")
            }
        } catch let e as DecodingError {
            switch e {
            case .keyNotFound(let k, _):
                throw CSVRowError(description: "missing column '\(k.stringValue)'")
            case .dataCorrupted(let c), .typeMismatch(_, let c), .valueNotFound(_, let c):
                let field = c.codingPath.map(\.stringValue).joined(separator: ".")
                throw CSVRowError(description: "bad value in '\(field)'")
            @unknown default: throw CSVRowError(description: "unreadable row")
            }
        }
    }

    /// Refuses an instant outside the years `ImportBounds` accepts.
    static func check(_ instant: Instant, _ field: String) throws {
        guard ImportBounds.accepts(epochSeconds: instant.epochSeconds) else {
            throw CSVRowError(description: "\(field) \(ImportBounds.dateMessage)")
        }
    }
}
