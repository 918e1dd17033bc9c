import CoachApp
import CoachKit
import CoachViews
import Foundation

/// A log entry as a coach reads it: "Ride 1:30 · 42.0 km · NP 230 W · IF 0.92 · TSS 127", in
/// the athlete's units, instead of the stored fields.
struct LogWords {
    /// The athlete's units; metric when unknown.
    var units: UnitSystem = .metric
    /// The athlete's FTP, for a ride's intensity factor and TSS from its normalized power.
    var ftp: Double?

    /// The words of `profile`'s athlete.
    init(_ profile: AthleteProfile?) {
        units = profile?.units ?? .metric
        ftp = profile?.thresholds.ftpW
    }

    /// One entry of `kind` in words.
    func summary(_ kind: RecordKind, _ entry: JSONValue) -> String {
        guard case .object(let o) = entry else { return "" }
        func number(_ key: String) -> Double? {
            if case .number(let n) = o[key] { return n }
            return nil
        }
        func string(_ key: String) -> String? {
            if case .string(let s) = o[key] { return s }
            return nil
        }
        switch kind {
        case .workout: return workout(number, string)
        case .wellness:
            var parts: [String] = []
            if let mood = number("mood") { parts.append("mood \(Int(mood))/5") }
            if case .object(let doms) = o["doms"], !doms.isEmpty {
                let sore = doms.compactMap { k, v -> (String, Int)? in
                    if case .number(let n) = v { return (k, Int(n)) }
                    return nil
                }.sorted { ($1.1, $0.0) < ($0.1, $1.0) }
                parts.append(
                    "sore " + sore.map { "\(words($0.0)) \($0.1)" }.joined(separator: ", "))
            }
            if let notes = string("notes") { parts.append("“\(notes)”") }
            // Sent by a phone's check-in page: which one.
            if case .object(let origin) = o["origin"], case .string(let device) = origin["device"] {
                parts.append("from phone \(device.prefix(8))")
            }
            return parts.joined(separator: " · ")
        case .biometric:
            return reading(string("type") ?? "", number("value"))
        case .sleep:
            guard let start = string("start").flatMap(Self.instant),
                let end = string("end").flatMap(Self.instant)
            else { return "sleep" }
            return "sleep " + DurationParser.format(Int(end.timeIntervalSince(start).rounded()))
                + (string("stage").map { " (\(words($0)))" } ?? "")
        case .food:
            var parts = [string("meal").map(words) ?? "food"]
            if let kcal = number("kcal") { parts[0] += " \(Render.number(kcal, digits: 0)) kcal" }
            for (key, letter) in [("protein_g", "P"), ("carbs_g", "C"), ("fat_g", "F")] {
                if let g = number(key) { parts.append("\(letter) \(Render.number(g)) g") }
            }
            return parts.joined(separator: " · ")
        case .steps:
            var parts = ["\(Int(number("steps") ?? 0)) steps"]
            if let m = number("distance_m") { parts.append(distance(m)) }
            if let kcal = number("active_kcal") {
                parts.append("\(Render.number(kcal, digits: 0)) active kcal")
            }
            return parts.joined(separator: " · ")
        case .weight:
            guard let kg = number("kg") else { return "weight" }
            return units == .imperial
                ? String(format: "%.1f lb", kg / 0.45359237) : String(format: "%.1f kg", kg)
        default:
            return LogText.summary(entry)
        }
    }

    /// "Ride 1:30 · 42.0 km · NP 230 W · IF 0.92 · TSS 127 · HR 145 · RPE 7 · 700 kcal ·
    /// “Tempo”".
    private func workout(_ number: (String) -> Double?, _ string: (String) -> String?) -> String {
        let sport = string("sport") ?? "other"
        let names = [
            "cycling": "Ride", "running": "Run", "swimming": "Swim", "strength": "Strength",
            "walking": "Walk",
        ]
        var head = names[sport] ?? "Workout"
        let elapsed = number("elapsed_s")
        if let s = elapsed {
            // h:mm as training tools write it, with :ss only when there are seconds.
            let total = Int(s.rounded())
            head += " \(total / 3600):" + String(format: "%02d", total % 3600 / 60)
            if total % 60 != 0 { head += String(format: ":%02d", total % 60) }
        }
        var parts = [head]
        if let m = number("distance_m") { parts.append(distance(m)) }
        let np = number("np_w")
        if let np { parts.append("NP \(Render.number(np, digits: 0)) W") }
        var tss = number("tss")
        if let np, let ftp, ftp > 0 {
            let intensity = np / ftp
            parts.append(String(format: "IF %.2f", intensity))
            if tss == nil, let s = elapsed { tss = s / 3600 * intensity * intensity * 100 }
        }
        if let tss { parts.append("TSS \(Int(tss.rounded()))") }
        if let hr = number("avg_hr_bpm") { parts.append("HR \(Int(hr.rounded()))") }
        if let rpe = number("rpe") { parts.append("RPE \(Int(rpe))") }
        if let kcal = number("kcal") { parts.append("\(Render.number(kcal, digits: 0)) kcal") }
        if let title = string("title") { parts.append("“\(title)”") }
        return parts.joined(separator: " · ")
    }

    /// "Weight trend: 7-day average 61.3 kg (3 weigh-ins), −0.4 kg from the 7 days before."
    func trend(_ t: WeightTrend) -> String {
        let factor = units == .imperial ? 1 / 0.45359237 : 1
        let unit = units == .imperial ? "lb" : "kg"
        var out =
            "Weight trend: 7-day average " + String(format: "%.1f", t.average * factor) + " \(unit)"
            + " (\(t.count) weigh-in\(t.count == 1 ? "" : "s"))"
        if let change = t.change {
            let rounded = (change * factor * 10).rounded() / 10 + 0
            out +=
                ", "
                + (rounded == 0
                    ? "no change"
                    : String(format: "%+.1f \(unit)", rounded)
                        .replacingOccurrences(of: "-", with: "−"))
                + " from the 7 days before"
        }
        return out + "."
    }

    /// "12.3 km" or "7.6 mi".
    func distance(_ metres: Double) -> String {
        units == .imperial
            ? String(format: "%.1f mi", metres / 1609.344)
            : String(format: "%.1f km", metres / 1000)
    }

    /// A biometric reading with its unit.
    private func reading(_ type: String, _ value: Double?) -> String {
        let v = value.map { Render.number($0) } ?? "–"
        switch type {
        case "hrv_rmssd": return "HRV \(v) ms"
        case "hrv_sdnn": return "HRV (SDNN) \(v) ms"
        case "resting_hr": return "resting HR \(v) bpm"
        case "heart_rate": return "HR \(v) bpm"
        case "hr_recovery": return "HR recovery \(v) bpm"
        case "respiratory_rate": return "breathing \(v)/min"
        case "spo2": return "SpO2 \(v) %"
        case "wrist_temp":
            // Rounded first, so -0.04 reads +0.0 rather than -0.0.
            let signed = value.map { String(format: "%+.1f", ($0 * 10).rounded() / 10 + 0) }
            return "wrist temperature \(signed ?? v) °C"
        default: return "\(words(type)) \(v)"
        }
    }

    private func words(_ identifier: String) -> String {
        identifier.replacingOccurrences(of: "_", with: " ")
    }

    /// An ISO 8601 instant as stored.
    static func instant(_ text: String) -> Date? {
        let f = ISO8601DateFormatter()
        if let d = f.date(from: text) { return d }
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.date(from: text)
    }
}
