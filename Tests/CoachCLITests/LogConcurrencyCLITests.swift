import Foundation
import Testing

/// 8 processes logging 500 food entries each for the same athlete at once: all 4000 entries are
/// there afterwards, each with its own id, and the workspace checks pass.
@Suite struct LogConcurrencyCLITests {
    static let processes = 8
    static let entriesPerProcess = 500

    @Test("8 processes × 500 log entries for one athlete at once: all 4000 present")
    func concurrentLogging() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let auditBefore = try s.auditEntries()
        // Food entries get a fresh id each, so none replaces another; kcal encodes writer and step.
        let loops = try s.concurrentLoops(processes: Self.processes, count: Self.entriesPerProcess)
        { _ in
            #"log food --athlete jane --kcal $((i * 1000 + n)) --date -$((n % 30))d --note "p$i-$n""#
        }
        for (i, loop) in loops.enumerated() {
            #expect(loop.status == 0)
            #expect(loop.log.isEmpty, "writer \(i) reported: \(loop.log.prefix(500))")
        }
        let total = Self.processes * Self.entriesPerProcess
        let export = try JSONDocument.parse(
            Data(try s.expectOK(s.run(["export", "--athlete", "jane"])).stdout.utf8))
        guard case .array(let food)? = export["food"] else {
            Issue.record("no food section"); return
        }
        #expect(food.count == total)
        let notes = Set(food.compactMap { if case .string(let n)? = $0["note"] { n } else { nil } })
        let ids = Set(food.compactMap { if case .string(let id)? = $0["id"] { id } else { nil } })
        #expect(notes.count == total && ids.count == total, "every entry is distinct")
        #expect(
            notes.contains("p0-1")
                && notes.contains("p\(Self.processes - 1)-\(Self.entriesPerProcess)"))
        #expect(try s.auditEntries() == auditBefore + total)
        try s.expectOK(s.run(["audit", "verify"]))
        #expect(try s.sqlite("PRAGMA integrity_check") == "ok")
    }
}
