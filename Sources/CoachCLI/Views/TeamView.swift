import CoachKit
import CoachProviders
import CoachStore
import Foundation

/// Builds the team report: every athlete the user holds, decrypted once each, scored on their own today.
enum TeamView {
    static func load(_ global: GlobalOptions, date: String?) throws -> TeamReport {
        let ctx = try CommandContext(global)
        let (ws, me) = try ctx.authenticate()
        let now = ctx.clock.now()
        var rows: [TeamRow] = []
        try ws.forEachDataset(as: me) { _, dataset in
            let moment = try ViewMoment.resolve(date, now: now, zone: dataset.athlete.zone)
            rows.append(try TeamRow(MetricEvaluation(dataset), at: moment))
        }
        return TeamReport(rows: rows).sorted(by: .name)
    }
}
