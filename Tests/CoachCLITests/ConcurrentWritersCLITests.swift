import Foundation
import Testing

/// SECURITY.md test 12: 8 concurrent processes × 500 writes each, sharing one unlocked session: every
/// write is present (audit +4000, profile version +4000), the chain is linear and verifies, and
/// integrity_check and foreign_key_check pass.
@Suite struct ConcurrentWritersCLITests {
    static let processes = 8
    static let writesPerProcess = 500

    @Test("8 concurrent writers × 500 writes lose nothing")
    func concurrentWriters() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let auditBefore = try s.auditEntries()
        let versionBefore = try #require(
            Int(try s.sqlite("SELECT version FROM records WHERE id = 'profile'")))
        let started = Date()
        let loops = try s.concurrentLoops(processes: Self.processes, count: Self.writesPerProcess) {
            _ in
            #"athlete note jane --goals "p$i-$n""#
        }
        let elapsed = Date().timeIntervalSince(started)
        print(
            "test 12: \(Self.processes * Self.writesPerProcess) coach processes in \(String(format: "%.1f", elapsed)) s"
        )
        for (i, loop) in loops.enumerated() {
            #expect(loop.status == 0)
            #expect(loop.log.isEmpty, "writer \(i) reported: \(loop.log.prefix(500))")
        }
        let total = Self.processes * Self.writesPerProcess
        #expect(try s.auditEntries() == auditBefore + total)
        #expect(
            try Int(s.sqlite("SELECT version FROM records WHERE id = 'profile'")) == versionBefore
                + total)
        #expect(
            try s.sqlite("SELECT COUNT(*) FROM audit WHERE action = 'athlete.note'") == "\(total)")
        #expect(
            try s.sqlite(
                "SELECT COUNT(*) FROM audit a JOIN audit b ON b.seq = a.seq + 1 WHERE b.prev_hash != a.entry_hash"
            ) == "0")
        #expect(try s.sqlite("SELECT MAX(seq) - MIN(seq) + 1 = COUNT(*) FROM audit") == "1")
        try s.expectOK(s.run(["audit", "verify"]))
        #expect(try s.sqlite("PRAGMA integrity_check") == "ok")
        #expect(try s.sqlite("PRAGMA foreign_key_check") == "")
        let goal = try s.expectOK(s.run(["athlete", "show", "jane", "--json"])).stdout
        #expect(goal.contains("\"goals\" : \"p"), "the last write is readable")
    }
}
