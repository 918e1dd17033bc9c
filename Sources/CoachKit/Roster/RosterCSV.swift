import Foundation

/// Reads a roster file: one athlete per row of a CSV with a header.
///
/// Columns (any order, names case-insensitive, `-` or `_` alike): `handle` and `name` are
/// required; `sport` (several separated by `;` or `,` inside quotes), `ftp` (W), `lthr`,
/// `rest_hr`, `max_hr` (bpm), `threshold_pace` (`4:30/km`), `css` (`1:45/100m`), `weight`
/// (`61kg`), `time_zone` (IANA) and `email` are optional; empty cells are left unset.
public enum RosterCSV {
    /// The columns a roster may have, in the order `template` writes them.
    public static let columns = [
        "handle", "name", "sport", "ftp", "lthr", "threshold_pace", "css", "rest_hr", "max_hr",
        "weight", "time_zone", "email",
    ]

    /// The athletes of `text`, each with `defaultZone` unless the row names a zone.
    ///
    /// - Throws: `CoachKitError.invalidRow` naming the line and the column of the first bad
    ///   cell, an unknown column, or a missing handle or name.
    public static func parse(_ text: String, defaultZone: String) throws -> [AthleteProfile] {
        let rows = try CSVTable.parse(text)
        guard let header = rows.first else {
            throw CoachKitError.invalidRow(location: "line 1", reason: "the file is empty")
        }
        let names = header.fields.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
                .replacingOccurrences(of: "-", with: "_")
        }
        for n in names where !columns.contains(n) {
            throw CoachKitError.invalidRow(
                location: "line 1",
                reason: "unknown column '\(n)'; columns: \(columns.joined(separator: ", "))")
        }
        for required in ["handle", "name"] where !names.contains(required) {
            throw CoachKitError.invalidRow(
                location: "line 1", reason: "the header needs a '\(required)' column")
        }
        return try rows.dropFirst().map { row in
            func cell(_ column: String) -> String? {
                guard let i = names.firstIndex(of: column), i < row.fields.count else {
                    return nil
                }
                let v = row.fields[i].trimmingCharacters(in: .whitespaces)
                return v.isEmpty ? nil : v
            }
            var column = "handle"
            do {
                guard let handle = cell("handle") else { throw RowProblem.missing("handle") }
                column = "name"
                guard let name = cell("name") else { throw RowProblem.missing("name") }
                var p = AthleteProfile(
                    handle: handle, name: name, timeZone: cell("time_zone") ?? defaultZone)
                p.email = cell("email")
                column = "sport"
                if let s = cell("sport") {
                    p.sports = try s.split(whereSeparator: { $0 == ";" || $0 == "," })
                        .map { try Sport.parse($0.trimmingCharacters(in: .whitespaces)) }
                }
                for (c, set) in numeric {
                    column = c
                    if let v = cell(c) {
                        guard let n = Double(v), n.isFinite else { throw RowProblem.number }
                        set(&p, n)
                    }
                }
                column = "threshold_pace"
                p.thresholds.thresholdPaceSPerKm = try cell(column).map {
                    try Pace.secondsPerKm($0, units: p.units)
                }
                column = "css"
                p.thresholds.cssSPer100m = try cell(column).map(Pace.secondsPer100m)
                column = "weight"
                p.weightKg = try cell(column).map {
                    try QuantityParser.kilograms($0, units: p.units)
                }
                return p
            } catch let problem as RowProblem {
                throw CoachKitError.invalidRow(
                    location: "line \(row.line)", reason: problem.reason(column))
            } catch {
                throw CoachKitError.invalidRow(
                    location: "line \(row.line) column \(column)",
                    reason: error.localizedDescription)
            }
        }
    }

    /// The number columns and where each goes.
    static let numeric: [(String, @Sendable (inout AthleteProfile, Double) -> Void)] = [
        ("ftp", { $0.thresholds.ftpW = $1 }), ("lthr", { $0.thresholds.lthrBpm = $1 }),
        ("rest_hr", { $0.thresholds.restHrBpm = $1 }),
        ("max_hr", { $0.thresholds.maxHrBpm = $1 }),
    ]

    enum RowProblem: Error {
        case missing(String)
        case number

        func reason(_ column: String) -> String {
            switch self {
            case .missing(let c): "the '\(c)' cell is empty"
            case .number: "column \(column) is not a number"
            }
        }
    }
}
