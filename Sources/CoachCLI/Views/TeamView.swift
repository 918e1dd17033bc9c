import CoachKit
import CoachProviders
import CoachStore
import Foundation

/// Builds the team report: every athlete the user holds, decrypted once each, scored on their own today.
enum TeamView {
    static func load(_ global: GlobalOptions, date: String?) throws -> TeamReport {
        let ctx = try CommandContext(global)
        let (ws, me) = try ctx.authenticate()
        let builder = TeamReportBuilder(date: date, now: ctx.clock.now())
        try ws.forEachDataset(as: me) { _, dataset in builder.add(dataset) }
        return try builder.finish()
    }
}
