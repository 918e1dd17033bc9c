import CoachKit
import Foundation
import Testing

/// SECURITY.md test 13: SIGKILL at points spread over an import and over a rekey. On reopen,
/// integrity, foreign keys, the audit chain and the key chains pass; each operation is all or
/// nothing; re-running the import adds no duplicates.
@Suite struct CrashConsistencyCLITests {
    static let perKind = 500
    static let fractions: [Double] = [0.1, 0.3, 0.5, 0.65, 0.8, 0.9, 1.0]

    static func dataset() throws -> Data {
        var d = AthleteDataset(
            athlete: AthleteProfile(handle: "bulk", name: "Bulk Athlete", timeZone: "Europe/Berlin")
        )
        let first = LocalDay("2024-01-01")!
        for i in 0..<perKind {
            let day = first.adding(days: i)
            d.wellness.append(
                WellnessEntry(id: "well-\(i)", day: day, mood: 1 + i % 5, doms: [.quads: i % 10]))
            d.steps.append(StepsDay(day: day, steps: 5000 + i))
            let t = Instant(
                epochSeconds: Double(day.ordinal * 86_400 + 25_200), offsetSeconds: 3600)
            d.weight.append(WeightEntry(id: "weight-\(i)", time: t, kg: 60 + Double(i % 20) / 10))
        }
        return try JSONEncoder().encode(d)
    }

    /// Entries of the athlete as exported, or nil when the athlete does not exist.
    static func exported(_ s: CoachSandbox, _ ws: String, _ auth: [String]) throws -> Int? {
        let r = try s.run(["export", "--athlete", "bulk", "--workspace", ws] + auth)
        if r.status == 66 { return nil }
        try s.expectOK(r)
        let obj = try #require(
            try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        return ["wellness", "steps", "weight"].reduce(0) { $0 + ((obj[$1] as? [Any])?.count ?? 0) }
    }

    /// doctor (integrity, foreign keys, audit chain, key chains) must pass on the reopened file.
    static func healthy(_ s: CoachSandbox, _ ws: String, _ auth: [String], _ label: String) throws {
        let r = try s.run(["doctor", "--json", "--workspace", ws] + auth)
        #expect(r.status == 0 && !r.crashed, "\(label): doctor \(r.status) \(r.stdout) \(r.stderr)")
        let checks =
            ((try? ViewsCLITests.list(r)) ?? nil) ?? []
        #expect(
            Set(checks.compactMap { $0["name"] as? String }).isSuperset(of: [
                "integrity", "foreign-keys", "audit", "keys",
            ]), "\(label)")
    }

    /// Runs `args`, SIGKILLs it after `delay` seconds if still running; returns whether it finished first.
    static func killed(_ s: CoachSandbox, _ args: [String], after delay: Double) throws -> Bool {
        let p = try s.start(args)
        let deadline = Date().addingTimeInterval(delay)
        while p.process.isRunning && Date() < deadline { usleep(2000) }
        let wasRunning = p.process.isRunning
        if wasRunning { kill(p.process.processIdentifier, SIGKILL) }
        p.process.waitUntilExit()
        _ = s.finish(p)
        return !wasRunning
    }

    static func copy(_ from: String, _ to: String) throws {
        try? FileManager.default.removeItem(atPath: to)
        try FileManager.default.copyItem(atPath: from, toPath: to)
    }

    @Test("SIGKILL during an import: all or nothing, healthy, and re-running adds no duplicates")
    func importKilled() throws {
        let s = try CoachSandbox()
        try s.initialise(unlock: false, athlete: nil)
        let auth = [
            "--as", "olivia", "--passphrase-file",
            try s.secretFile("owner", CoachSandbox.ownerPass),
        ]
        let file = s.root + "/bulk.json"
        try Self.dataset().write(to: URL(fileURLWithPath: file))
        let pristine = s.root + "/pristine.sqlite"
        try s.expectOK(s.run(["backup", "--out", pristine]))
        let total = 3 * Self.perKind

        let timed = s.root + "/timed.sqlite"
        try Self.copy(pristine, timed)
        let start = Date()
        try s.expectOK(s.run(["import", "json", file, "--create", "--workspace", timed] + auth))
        let full = Date().timeIntervalSince(start)
        #expect(try Self.exported(s, timed, auth) == total)

        for (i, fraction) in Self.fractions.enumerated() {
            let ws = s.root + "/import-\(i).sqlite"
            try Self.copy(pristine, ws)
            let finished = try Self.killed(
                s, ["import", "json", file, "--create", "--workspace", ws] + auth,
                after: full * fraction)
            try Self.healthy(s, ws, auth, "import killed at \(fraction)")
            let count = try Self.exported(s, ws, auth)
            #expect(
                count == nil || count == total,
                "all or nothing after a kill at \(fraction): \(String(describing: count))")
            if finished { #expect(count == total) }
            if count == nil {
                try s.expectOK(
                    s.run(["import", "json", file, "--create", "--workspace", ws] + auth))
            }
            let again = try s.expectOK(
                s.run(
                    ["import", "json", file, "--athlete", "bulk", "--json", "--workspace", ws]
                        + auth))
            let summary =
                try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any]
            #expect(summary?["added"] as? Int == 0, "re-import adds nothing: \(again.stdout)")
            #expect(try Self.exported(s, ws, auth) == total)
            #expect(
                try s.sqlite("SELECT COUNT(*) FROM records", workspace: ws) == "\(total + 1)",
                "records plus the profile, no duplicates")
        }
        print("test 13: full import of \(total) records took \(String(format: "%.2f", full)) s")
    }

    @Test("SIGKILL during a rekey: every record stays under one epoch, matching the audit log")
    func rekeyKilled() throws {
        let s = try CoachSandbox()
        try s.initialise(unlock: false, athlete: nil)
        let ownerFile = try s.secretFile("owner", CoachSandbox.ownerPass)
        let auth = ["--as", "olivia", "--passphrase-file", ownerFile]
        let file = s.root + "/bulk.json"
        try Self.dataset().write(to: URL(fileURLWithPath: file))
        try s.expectOK(s.run(["import", "json", file, "--create"] + auth))
        let cp = try s.secretFile("carl", "coach passphrase for rekey")
        try s.expectOK(
            s.run(["user", "add", "carl", "--role", "coach", "--new-passphrase-file", cp] + auth))
        try s.expectOK(s.run(["access", "grant", "--athlete", "bulk", "--to", "carl"] + auth))
        try s.expectOK(s.run(["access", "revoke", "--athlete", "bulk", "--from", "carl"] + auth))
        let pristine = s.root + "/pristine.sqlite"
        try s.expectOK(s.run(["backup", "--out", pristine]))
        #expect(
            try s.sqlite("SELECT COUNT(*) FROM records WHERE epoch = 1", workspace: pristine)
                == "\(3 * Self.perKind + 1)")

        let timed = s.root + "/timed.sqlite"
        try Self.copy(pristine, timed)
        let start = Date()
        try s.expectOK(
            s.run(["access", "rekey", "--athlete", "bulk", "--workspace", timed] + auth))
        let full = Date().timeIntervalSince(start)

        for (i, fraction) in Self.fractions.enumerated() {
            let ws = s.root + "/rekey-\(i).sqlite"
            try Self.copy(pristine, ws)
            _ = try Self.killed(
                s, ["access", "rekey", "--athlete", "bulk", "--workspace", ws] + auth,
                after: full * fraction)
            try Self.healthy(s, ws, auth, "rekey killed at \(fraction)")
            let epochs = try s.sqlite(
                "SELECT GROUP_CONCAT(DISTINCT epoch) FROM records", workspace: ws)
            let audited = try s.sqlite(
                "SELECT COUNT(*) FROM audit WHERE action = 'access.rekey'", workspace: ws)
            #expect(
                (epochs == "1" && audited == "0") || (epochs == "2" && audited == "1"),
                "kill at \(fraction): epochs \(epochs), audit \(audited)")
            #expect(try Self.exported(s, ws, auth) == 3 * Self.perKind)
            try s.expectOK(
                s.run(["access", "rekey", "--athlete", "bulk", "--workspace", ws] + auth))
            #expect(
                try s.sqlite("SELECT GROUP_CONCAT(DISTINCT epoch) FROM records", workspace: ws)
                    == "2")
        }
        print(
            "test 13: full rekey of \(3 * Self.perKind + 1) records took \(String(format: "%.2f", full)) s"
        )
    }
}
