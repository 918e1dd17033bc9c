import CoachApp
import CoachCrypto
import CoachKit
import CoachMetrics
import CoachStore
import CoachTestSupport
import Foundation
import Testing

/// A roster's windows are decrypted on several threads: whatever the split, every athlete the
/// user holds is read once, with the same window and carried state as on one thread.
@Suite struct ParallelRosterTests {
    final class Collected: @unchecked Sendable {
        // @unchecked Sendable: `windows` is only touched while holding `lock`.
        private let lock = NSLock()
        private var windows: [AthleteID: AthleteWindow] = [:]
        private(set) var repeats = 0

        func add(_ id: AthleteID, _ window: AthleteWindow) {
            lock.withLock {
                if windows[id] != nil { repeats += 1 }
                windows[id] = window
            }
        }

        var all: [AthleteID: AthleteWindow] { lock.withLock { windows } }
    }

    @Test("Twenty athletes read on one, two and three threads give the same windows")
    func sameWindows() throws {
        let dir = try TempFolder(prefix: "coach-roster")
        defer { withExtendedLifetime(dir) {} }
        var pass = Array("owner passphrase for the roster".utf8)
        let ws = try Workspace.create(
            at: dir.file("ws.sqlite"), owner: "olivia", passphrase: try SecretKey(consuming: &pass),
            preset: .interactive, clock: FixedClock(Date(timeIntervalSince1970: 1_790_000_000)),
            random: SystemRandom(), ids: .randomUUIDs)
        var pass2 = Array("owner passphrase for the roster".utf8)
        let owner = try ws.authenticate(
            handle: "olivia", passphrase: try SecretKey(consuming: &pass2))
        var g = HistoryGenerator(seed: 7)
        let first = LocalDay("2026-03-01")!
        for i in 0..<20 {
            let data = g.dataset(handle: "r\(i)", from: first, days: 100 + i)
            _ = try ws.importDataset(data, handle: Handle("r\(i)"), create: true, as: owner)
        }
        let day = first.adding(days: 130)
        let plan = CarryPlan.providers(.builtins)
        var seen: [[AthleteID: AthleteWindow]] = []
        // The first walk carries every state (one write each); the others only read.
        for threads in [1, 1, 2, 3] {
            let collected = Collected()
            let firstDay: @Sendable (AthleteProfile) -> LocalDay = { _ in day }
            try ws.forEachWindow(
                as: owner, plan: plan, parallelism: threads, firstDay: firstDay
            ) { id, window in collected.add(id, window) }
            #expect(collected.repeats == 0)
            seen.append(collected.all)
        }
        #expect(seen[0].count == 20)
        for walk in seen.dropFirst() {
            #expect(walk.keys.sorted() == seen[0].keys.sorted())
            for (id, window) in walk {
                #expect(window.dataset == seen[0][id]?.dataset)
                #expect(window.carried == seen[0][id]?.carried)
                #expect(window.carried != nil)
            }
        }
    }
}
