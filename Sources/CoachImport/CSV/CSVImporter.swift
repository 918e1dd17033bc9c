import CoachKit
import Foundation

/// Imports CSV tables of log entries, header-driven: the columns carry the JSON field names
/// (as `coach`'s own CSV export writes them), with a `kind` column or one kind per file
/// recognised from its columns.
public struct CSVImporter {
    /// The name errors and summaries use.
    public let file: String
    /// Whether columns no log kind has are ignored instead of rejected.
    public let ignoreUnknown: Bool

    /// Creates an importer for `file`.
    public init(file: String, ignoreUnknown: Bool = false) {
        self.file = file; self.ignoreUnknown = ignoreUnknown
    }

    static let numeric: Set<String> = [
        "elapsed_s", "moving_s", "distance_m", "rpe", "tss", "avg_power_w", "np_w", "avg_hr_bpm",
        "max_hr_bpm", "kcal", "value", "protein_g", "carbs_g", "fat_g", "steps", "active_kcal",
        "kg", "body_fat_pct", "mood",
    ]

    /// Every column name a log kind has.
    static let known: Set<String> = Set(DatasetCSV.header())

    /// Whether `line` looks like a header this importer reads.
    public static func looksLikeHeader(_ line: String) -> Bool {
        let names = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return names.filter { known.contains($0) }.count >= 2
    }

    /// The kind of a file without a `kind` column, from its distinctive columns.
    static func inferKind(_ columns: Set<String>) -> RecordKind? {
        if columns.contains("sport") { return .workout }
        if columns.contains("stage") { return .sleep }
        if columns.contains("steps") { return .steps }
        if columns.contains("kg") { return .weight }
        if columns.contains("type"), columns.contains("value") { return .biometric }
        if columns.contains("kcal") { return .food }
        if columns.contains("mood") || columns.contains(where: { $0.hasPrefix("doms_") }) {
            return .wellness
        }
        return nil
    }

    /// Reads the whole CSV `text` and hands one record per row to `sink`.
    ///
    /// - Throws: `ImportError` naming the line of the first bad row; nothing is handed over then.
    public func run(text: String, into sink: ImportSink) throws {
        let rows: [CSVTable.Row]
        do { rows = try CSVTable.parse(text) } catch {
            throw ImportError(
                file: file, position: .file, problem: .malformed, message: "\(error)")
        }
        guard let header = rows.first else {
            throw ImportError(
                file: file, position: .line(1), problem: .missingField, message: "the file is empty"
            )
        }
        let columns = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        if !ignoreUnknown, let bad = columns.first(where: { !Self.known.contains($0) }) {
            throw ImportError(
                file: file, position: .line(header.line), problem: .malformed,
                message: "unknown column '\(bad)' (columns are the JSON field names)")
        }
        let fileKind = Self.inferKind(Set(columns))
        var out: [ImportedRecord] = []
        for row in rows.dropFirst() {
            var fields: [String: String] = [:]
            for (i, c) in columns.enumerated() where i < row.fields.count && !row.fields[i].isEmpty
            {
                fields[c] = row.fields[i]
            }
            do {
                out.append(try record(fields, fileKind: fileKind))
            } catch let e as ImportError {
                throw e
            } catch {
                throw ImportError(
                    file: file, position: .line(row.line), problem: .malformed,
                    message: "\(error)")
            }
        }
        for r in out { try sink.record(r) }
    }
}
