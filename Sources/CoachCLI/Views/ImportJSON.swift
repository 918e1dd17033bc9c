import CoachApp
import Foundation

/// What `import --json` prints: the import report with every reason a record was skipped as a
/// value (`{"reason": …, "count": …}`), never as a key, so a script's keys stay the same whatever
/// the files held.
struct ImportJSON: Encodable {
    /// Records of one kind skipped for one reason.
    struct Skip: Encodable {
        let reason: String
        let count: Int
    }

    /// The counts of one record type.
    struct Counts: Encodable {
        let label: String
        let imported: Int
        let updated: Int
        let duplicate: Int
        let merged: Int
        /// By reason, in the reasons' alphabetical order.
        let skipped: [Skip]
    }

    let dryRun: Bool
    let files: [ImportReport.FileResult]
    let types: [Counts]

    /// The JSON form of `report`.
    init(_ report: ImportReport) {
        dryRun = report.dryRun
        files = report.files
        types = report.types.map { t in
            Counts(
                label: t.label, imported: t.imported, updated: t.updated, duplicate: t.duplicate,
                merged: t.merged,
                skipped: t.skipped.sorted { $0.key < $1.key }.map {
                    Skip(reason: $0.key, count: $0.value)
                })
        }
    }
}
