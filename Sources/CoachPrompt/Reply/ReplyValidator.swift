import CoachKit
import Foundation

/// Checks a reply object against the response schema, naming the path of the first problem.
///
/// Mirrors `SuggestedPlanSchema` (same keys, types, ranges and limits) and adds what a schema
/// cannot say: real calendar dates, weeks starting on a Monday, days inside their week, no day
/// listed twice.
enum ReplyValidator {
    typealias Object = [String: JSONValue]

    static func fail(_ path: String, _ problem: String) -> PromptError {
        .replyInvalid(path: path, problem: problem)
    }

    static func object(
        _ v: JSONValue?, _ path: String, keys: Set<String>, required: [String]
    ) throws -> Object {
        guard case .object(let o) = v else { throw fail(path, "expected an object") }
        for k in o.keys.sorted() where !keys.contains(k) { throw fail(path, "unknown key '\(k)'") }
        for k in required where o[k] == nil { throw fail(path, "'\(k)' is required") }
        return o
    }

    static func string(_ v: JSONValue?, _ path: String, min: Int = 0, max: Int) throws -> String? {
        guard let v, v != .null else {
            if min > 0 { throw fail(path, "must not be empty") }
            return nil
        }
        guard case .string(let s) = v else { throw fail(path, "expected a string") }
        guard s.count >= min else { throw fail(path, "must not be empty") }
        guard s.count <= max else { throw fail(path, "longer than \(max) characters") }
        return s
    }

    static func number(_ v: JSONValue?, _ path: String, max: Double) throws -> Double? {
        guard let v, v != .null else { return nil }
        guard case .number(let n) = v else { throw fail(path, "expected a number") }
        guard n.isFinite, n >= 0, n <= max else {
            throw fail(path, "must be between 0 and \(Int(max))")
        }
        return n
    }

    static func array(_ v: JSONValue?, _ path: String, min: Int = 0, max: Int) throws -> [JSONValue]
    {
        guard case .array(let a) = v else { throw fail(path, "expected an array") }
        guard a.count >= min, a.count <= max else {
            throw fail(path, "must hold \(min) to \(max) items")
        }
        return a
    }

    static func day(_ v: JSONValue?, _ path: String) throws -> LocalDay {
        guard let s = try string(v, path, max: 10), s.count == 10, let d = LocalDay(s),
            d.description == s
        else {
            throw fail(path, "expected a date YYYY-MM-DD")
        }
        return d
    }

    /// The plan of a reply object.
    static func plan(_ root: JSONValue) throws -> SuggestedPlan {
        let o = try object(
            root, "$", keys: ["format", "athlete_ref", "export_ref", "summary", "weeks"],
            required: ["format", "athlete_ref", "export_ref", "weeks"])
        guard try string(o["format"], "$.format", max: 64) == SuggestedPlanSchema.formatTag else {
            throw fail("$.format", "must be \"\(SuggestedPlanSchema.formatTag)\"")
        }
        let athleteRef = try string(o["athlete_ref"], "$.athlete_ref", min: 1, max: 64) ?? ""
        let exportRef = try string(o["export_ref"], "$.export_ref", min: 1, max: 64) ?? ""
        let summary = try string(o["summary"], "$.summary", max: 2000)
        var seen = Set<LocalDay>()
        let weeks = try array(o["weeks"], "$.weeks", min: 1, max: SuggestedPlanSchema.maxWeeks)
            .enumerated()
            .map { i, w in try week(w, "$.weeks[\(i)]", seen: &seen) }
        return SuggestedPlan(
            athleteRef: athleteRef, exportRef: exportRef, summary: summary, weeks: weeks)
    }

    static func week(
        _ v: JSONValue, _ path: String, seen: inout Set<LocalDay>
    ) throws -> SuggestedPlan.Week {
        let o = try object(v, path, keys: ["start", "title", "days"], required: ["start", "days"])
        let start = try day(o["start"], path + ".start")
        guard start == start.monday else { throw fail(path + ".start", "\(start) is not a Monday") }
        let title = try string(o["title"], path + ".title", max: 120)
        var days: [SuggestedPlan.Day] = []
        for (i, d) in try array(o["days"], path + ".days", min: 1, max: 7).enumerated() {
            let p = "\(path).days[\(i)]"
            let dayObject = try object(
                d, p, keys: ["date", "sessions"], required: ["date", "sessions"])
            let date = try day(dayObject["date"], p + ".date")
            guard date.monday == start else {
                throw fail(p + ".date", "\(date) is not in the week of \(start)")
            }
            guard seen.insert(date).inserted else {
                throw fail(p + ".date", "\(date) is listed twice")
            }
            let sessions = try array(
                dayObject["sessions"], p + ".sessions", max: SuggestedPlanSchema.maxSessionsPerDay
            )
            .enumerated().map { j, s in try session(s, "\(p).sessions[\(j)]") }
            days.append(SuggestedPlan.Day(date: date, sessions: sessions))
        }
        return SuggestedPlan.Week(start: start, title: title, days: days)
    }

    static func session(_ v: JSONValue, _ path: String) throws -> SuggestedPlan.Session {
        let o = try object(
            v, path,
            keys: [
                "title", "detail", "sport", "planned_duration_min", "planned_tss",
                "targets", "rationale",
            ],
            required: ["title", "sport", "rationale"])
        guard let sportName = try string(o["sport"], path + ".sport", max: 32),
            let sport = Sport(rawValue: sportName)
        else {
            throw fail(
                path + ".sport",
                "must be one of " + Sport.allCases.map(\.rawValue).joined(separator: ", "))
        }
        var targets: [MuscleGroup] = []
        if let t = o["targets"], t != .null {
            for (i, g) in try array(t, path + ".targets", max: MuscleGroup.allCases.count)
                .enumerated()
            {
                guard case .string(let name) = g, let group = MuscleGroup(rawValue: name) else {
                    throw fail(
                        "\(path).targets[\(i)]",
                        "must be one of "
                            + MuscleGroup.allCases.map(\.rawValue).joined(separator: ", "))
                }
                guard !targets.contains(group) else {
                    throw fail("\(path).targets[\(i)]", "listed twice")
                }
                targets.append(group)
            }
        }
        return SuggestedPlan.Session(
            title: try string(o["title"], path + ".title", min: 1, max: 120) ?? "",
            detail: try string(o["detail"], path + ".detail", max: 1000), sport: sport,
            durationMin: try number(
                o["planned_duration_min"], path + ".planned_duration_min", max: 720),
            tss: try number(o["planned_tss"], path + ".planned_tss", max: 1000), targets: targets,
            rationale: try string(o["rationale"], path + ".rationale", min: 1, max: 1000) ?? "")
    }
}
