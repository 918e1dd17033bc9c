import Foundation
import Testing

/// The two examples in Examples/ added with `coach plugin add` and shown by the views: the Swift
/// sleep-debt plugin (this package builds Examples/SleepDebt's sources as the product
/// `example-sleep-debt`, copied here under its plugin name) and the
/// Python monotony plugin (standard library only).
@Suite struct PluginExamplesCLITests {
    static let now = ViewsCLITests.now
    static let me = ["--as", "olivia"]

    /// jane's fixture with both examples added.
    static func scene(_ lab: PluginLab) throws -> CoachSandbox {
        let s = try ViewsCLITests.scene()
        let coach = try #require(CoachSandbox.binary)
        let built = URL(fileURLWithPath: coach).deletingLastPathComponent()
            .appendingPathComponent("example-sleep-debt").path
        let swift = try lab.copy(built, as: "coach-metric-sleep-debt")
        let python = try lab.copy(
            PluginLab.repo.appendingPathComponent("Examples/python/coach-metric-monotony").path,
            as: "coach-metric-monotony")
        for exe in [swift, python] {
            let r = try s.expectOK(s.run(["plugin", "add", exe, "--yes"] + me, env: now))
            #expect(r.stdout.contains("Added plugin"))
        }
        return s
    }

    @Test("Both examples score jane in metrics --json, marked with plugin id and version")
    func metrics() throws {
        let lab = try PluginLab()
        let s = try Self.scene(lab)
        let r = try s.expectOK(
            s.run(["metrics", "--athlete", "jane", "--json"] + Self.me, env: Self.now))
        let rows = try #require(try ViewsCLITests.list(r))
        #expect(rows.count == 10)
        let debt = try #require(rows.first { $0["id"] as? String == "sleep-debt" })
        let monotony = try #require(rows.first { $0["id"] as? String == "monotony" })
        for (row, id) in [(debt, "sleep-debt"), (monotony, "monotony")] {
            #expect(row["status"] as? String == "ok", "\(row)")
            let plugin = row["plugin"] as? [String: Any]
            #expect(plugin?["id"] as? String == id && plugin?["version"] as? String == "1.0.0")
            let score = try #require(row["score"] as? Int)
            #expect((0...100).contains(score))
        }
        let values = try #require(monotony["values"] as? [String: Any])
        let m = try #require(values["monotony"] as? Double)
        #expect(monotony["score"] as? Int == min(100, Int((m * 40).rounded())))
        #expect(rows.filter { $0["plugin"] == nil }.count == 8)
        let text = try s.expectOK(
            s.run(["metrics", "--athlete", "jane"] + Self.me, env: Self.now)
        ).stdout
        #expect(text.contains("sleep-debt (plugin sleep-debt 1.0.0)"))
        #expect(PluginLab.processes(mentioning: lab.root).isEmpty)
    }

    @Test("explain, dashboard and team show plugin metrics beside the built-ins")
    func views() throws {
        let lab = try PluginLab()
        let s = try Self.scene(lab)
        let explain = try s.expectOK(
            s.run(["explain", "monotony", "--athlete", "jane"] + Self.me, env: Self.now))
        #expect(explain.stdout.contains("monotony (plugin monotony 1.0.0) for Jane"))
        #expect(explain.stdout.contains("weekly load"))
        let dash = try s.expectOK(
            s.run(["dashboard", "--athlete", "jane", "--json"] + Self.me, env: Self.now))
        let obj = try #require(try ViewsCLITests.json(dash) as? [String: Any])
        let ids = (obj["metrics"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(
            ids.suffix(2) == ["sleep-debt", "monotony"]
                || ids.suffix(2) == ["monotony", "sleep-debt"])
        let team = try s.run(["team", "--json"] + Self.me, env: Self.now)
        #expect([0, 3].contains(team.status), "\(team.stderr)")
        let rows = try #require(try ViewsCLITests.list(team))
        let jane = try #require(rows.first { $0["handle"] as? String == "jane" })
        let plugins = try #require(jane["plugins"] as? [[String: Any]])
        #expect(Set(plugins.compactMap { $0["id"] as? String }) == ["sleep-debt", "monotony"])
        #expect(plugins.allSatisfy { ($0["plugin"] as? [String: Any])?["version"] != nil })
        let table = try s.run(["team"] + Self.me, env: Self.now)
        #expect(table.stdout.contains("SLEEP-DEBT (PLUGIN)"))
    }

    @Test("list, info, check and remove; add and remove are audit events")
    func lifecycle() throws {
        let lab = try PluginLab()
        let s = try Self.scene(lab)
        let list = try s.expectOK(s.run(["plugin", "list"] + Self.me, env: Self.now)).stdout
        #expect(list.contains("monotony") && list.contains("sleep-debt"))
        let extra = try PluginLab()
        let found = try extra.misbehaving("fine", id: "found-here")
        let available = try s.expectOK(
            s.run(
                ["plugin", "list", "--available", "--json"] + Self.me,
                env: Self.now.merging(["COACH_PLUGIN_PATH": extra.bin]) { $1 }))
        let listing = try #require(try ViewsCLITests.json(available) as? [String: Any])
        let candidates = listing["available"] as? [[String: Any]] ?? []
        #expect(
            candidates.contains {
                $0["id"] as? String == "found-here" && $0["path"] as? String == found
                    && $0["source"] as? String == "plugin-path"
            })
        #expect((listing["added"] as? [[String: Any]])?.count == 2)
        let info = try s.expectOK(
            s.run(["plugin", "info", "sleep-debt"] + Self.me, env: Self.now)
        ).stdout
        #expect(info.contains("Protections on this machine"))
        #expect(info.contains("network"))
        let check = try s.expectOK(
            s.run(["plugin", "check", "monotony", "--json"] + Self.me, env: Self.now))
        let results = try #require(try ViewsCLITests.list(check))
        #expect(results.first?["status"] as? String == "ok")
        try s.expectOK(s.run(["plugin", "remove", "monotony"] + Self.me, env: Self.now))
        let audit = try s.expectOK(s.run(["audit"] + Self.me, env: Self.now)).stdout
        #expect(audit.contains("plugin.add") && audit.contains("plugin.remove"))
        let r = try s.expectOK(
            s.run(["metrics", "--athlete", "jane", "--json"] + Self.me, env: Self.now))
        let rows = try #require(try ViewsCLITests.list(r))
        #expect(!rows.contains { $0["id"] as? String == "monotony" })
        let missing = try s.run(["plugin", "info", "monotony"] + Self.me, env: Self.now)
        #expect(missing.status == 66 && missing.stderr.contains("coach plugin list"))
    }

    @Test("Only the owner adds or removes plugins; a coach is refused and nothing is recorded")
    func ownerOnly() throws {
        let lab = try PluginLab()
        let s = try Self.scene(lab)
        let pass = try s.secretFile("carl", "carl passphrase for plugin tests")
        try s.expectOK(
            s.run(
                [
                    "user", "add", "carl", "--role", "coach", "--new-passphrase-file", pass,
                    "--as", "olivia",
                ], env: Self.now))
        let carl = ["--as", "carl", "--passphrase-file", pass]
        let entries = try s.auditEntries()
        let add = try s.run(
            ["plugin", "add", lab.bin + "/coach-metric-monotony", "--yes"] + carl,
            env: Self.now)
        #expect(add.status == 77, "\(add.stderr)")
        let remove = try s.run(["plugin", "remove", "monotony"] + carl, env: Self.now)
        #expect(remove.status == 77, "\(remove.stderr)")
        #expect(try s.auditEntries() == entries)
        let list = try s.expectOK(s.run(["plugin", "list"] + carl, env: Self.now)).stdout
        #expect(list.contains("monotony"))
    }
}
