import CoachApp
import CoachKit
import CoachTestSupport
import Foundation
import Testing

/// The CPU time of a sync's log checks: measured when `COACH_SYNC_LOG_CPU=1` asks for it,
/// and absent from the report (and its JSON) otherwise.
@Suite struct SyncLogCPUTests {
    @Test("COACH_SYNC_LOG_CPU=1 reports the log checks' CPU time; without it nothing is measured")
    func measuredOnlyWhenAsked() throws {
        let server = FakeSyncServer()
        let (m, _) = try SyncLogRollbackTests.setUp(server)
        var variables = m.envB.variables
        variables[SyncReport.logCPUVariable] = "1"
        var asked = try AppEnvironment(variables: variables)
        asked.syncTransport = m.envB.syncTransport
        let measured = try m.session(asked)
        let report = try measured.sync()
        measured.close()
        // B pulled A's change under a new head: a consistency and an inclusion check ran.
        #expect(report.applied == 1)
        let micros = try #require(report.logCheckMicros)
        #expect(micros >= 0 && micros < 1_000_000)
        print("log checks of one sync (a head, a consistency and an inclusion): \(micros) µs CPU")
        let plain = try m.session(m.envA)
        let quiet = try plain.sync()
        plain.close()
        #expect(quiet.logCheckMicros == nil)
        let json = String(decoding: try JSONEncoder().encode(quiet), as: UTF8.self)
        #expect(!json.contains("logCheckMicros"))
    }
}
