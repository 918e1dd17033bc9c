import Foundation

/// The JSON file of `coach plan export --format json`: program weeks in the interchange format.
///
/// Reading also accepts a full athlete dataset (`coach export`), taking only its `weeks`.
public struct PlanDocument: Codable, Sendable, Equatable {
    public static let formatTag = "coach-plan/1"
    public var format: String
    public var athlete: String?
    public var weeks: [ProgramWeek]

    public init(athlete: String?, weeks: [ProgramWeek]) {
        format = Self.formatTag; self.athlete = athlete; self.weeks = weeks
    }

    enum CodingKeys: String, CodingKey { case format, athlete, weeks }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        format = try c.decodeIfPresent(String.self, forKey: .format) ?? Self.formatTag
        athlete = try? c.decodeIfPresent(String.self, forKey: .athlete)
        weeks = try c.decode([ProgramWeek].self, forKey: .weeks)
    }

    /// Parses and validates a plan file's weeks.
    ///
    /// - Throws: `CoachKitError.invalidRow` naming the entry (`weeks[1].sessions[0]`) and the reason.
    public static func parse(_ data: Data) throws -> [ProgramWeek] {
        let doc: PlanDocument
        do {
            doc = try JSONDecoder().decode(PlanDocument.self, from: data)
        } catch let DecodingError.dataCorrupted(ctx) {
            throw CoachKitError.invalidRow(
                location: path(ctx.codingPath), reason: ctx.debugDescription)
        } catch let DecodingError.keyNotFound(key, ctx) {
            throw CoachKitError.invalidRow(
                location: path(ctx.codingPath), reason: "'\(key.stringValue)' is missing")
        } catch let DecodingError.typeMismatch(_, ctx) {
            throw CoachKitError.invalidRow(
                location: path(ctx.codingPath), reason: ctx.debugDescription)
        } catch let DecodingError.valueNotFound(_, ctx) {
            throw CoachKitError.invalidRow(
                location: path(ctx.codingPath), reason: "a value is missing")
        } catch {
            throw CoachKitError.invalidRow(
                location: "the file", reason: "not a JSON plan with a 'weeks' list")
        }
        guard doc.format == formatTag || doc.format == AthleteDataset.formatTag else {
            throw CoachKitError.invalidRow(
                location: "format", reason: "'\(doc.format)' is not \(formatTag)")
        }
        var seen = Set<String>()
        for (i, w) in doc.weeks.enumerated() {
            guard w.start.isoWeekday == 1 else {
                throw CoachKitError.invalidRow(
                    location: "weeks[\(i)]", reason: "start \(w.start) is not a Monday")
            }
            for (j, s) in w.sessions.enumerated() {
                do {
                    try PlanRules.validate(s, inWeekOf: w.start)
                    try PlanRules.validate(s)
                    if !s.id.isEmpty, !seen.insert(s.id).inserted {
                        throw CoachKitError.outOfRange(
                            field: "session id \(s.id)", range: "ids used once per file")
                    }
                } catch let error as CoachKitError {
                    throw CoachKitError.invalidRow(
                        location: "weeks[\(i)].sessions[\(j)] (id \(s.id))",
                        reason: error.localizedDescription)
                }
            }
        }
        return doc.weeks
    }

    static func path(_ keys: [CodingKey]) -> String {
        guard !keys.isEmpty else { return "the file" }
        return keys.reduce("") { acc, k in
            if let i = k.intValue { return acc + "[\(i)]" }
            return acc.isEmpty ? k.stringValue : acc + "." + k.stringValue
        }
    }
}
