import CoachKit
import Foundation

/// Range checks for profile fields, from physiology.
enum AthleteValidation {
    static func check(_ p: AthleteProfile) throws {
        func range(_ v: Double?, _ r: ClosedRange<Double>, _ field: String, _ shown: String) throws
        {
            if let v, !(r.contains(v)) {
                throw CoachKitError.outOfRange(field: .named(field), range: shown)
            }
        }
        guard TimeZone(identifier: p.timeZone) != nil else {
            throw StoreError.invalidInput(
                "unknown time zone '\(p.timeZone)'; use an IANA name like Europe/Berlin")
        }
        guard !p.name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw StoreError.athleteNameEmpty
        }
        try range(p.heightCm, 50...250, "height", "50–250 cm")
        try range(p.weightKg, 20...400, "weight", "20–400 kg")
        try range(p.bodyFatPct, 2...70, "body fat", "2–70 %")
        try range(p.thresholds.ftpW, 30...700, "FTP", "30–700 W")
        try range(p.thresholds.lthrBpm, 80...230, "LTHR", "80–230 bpm")
        try range(p.thresholds.restHrBpm, 25...120, "resting HR", "25–120 bpm")
        try range(p.thresholds.maxHrBpm, 100...250, "max HR", "100–250 bpm")
        try range(
            p.thresholds.thresholdPaceSPerKm, 120...900, "threshold pace", "2:00–15:00 per km")
        try range(p.thresholds.cssSPer100m, 50...300, "CSS", "0:50–5:00 per 100 m")
        if let r = p.thresholds.restHrBpm, let m = p.thresholds.maxHrBpm, r >= m {
            throw StoreError.invalidInput("resting HR must be below max HR")
        }
    }
}
