import Foundation
import Testing

/// Issue 15 through the binary: misbehaving plugins cannot take the other metrics down, write
/// to the workspace or outlive the command, and a plugin sees only what it was granted.
@Suite struct PluginCLITests {
    static let now = ViewsCLITests.now
    static let me = ["--as", "olivia"]

    /// jane's 60 days, with an e-mail, a profile note and a wellness note that must not leak.
    static func scene() throws -> CoachSandbox {
        let s = try ViewsCLITests.scene()
        try s.expectOK(
            s.run(
                ["athlete", "edit", "jane", "--email", "jane@example.org"] + me, env: now))
        try s.expectOK(
            s.run(["athlete", "note", "jane", "--goals", "secret-profile-goal"] + me, env: now))
        try s.expectOK(
            s.run(
                ["log", "mood", "4", "--notes", "secret-wellness-note", "--athlete", "jane"] + me,
                env: now))
        // A view brings the carried metric state up to date (and stores it); do that once here
        // so the hashes below see only what the plugin run itself would write.
        try s.expectOK(s.run(["metrics", "--athlete", "jane"] + me, env: now))
        return s
    }

    /// The workspace's content hash (sqlite's `.sha3sum`), to prove nothing was written.
    static func contentHash(_ s: CoachSandbox) throws -> String {
        try s.sqlite(".sha3sum")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let mode: String
        let reason: String
        var testDescription: String { mode }
    }

    static let cases: [Case] = [
        Case(mode: "sleep", reason: "did not answer within 2 s"),
        Case(mode: "crash", reason: "crashed (killed by signal"),
        Case(mode: "garbage", reason: "is not JSON"),
        Case(mode: "wrong-id", reason: "answered for 'readiness' instead of 'bad-wrong-id'"),
        Case(mode: "nan", reason: "not finite"),
        Case(mode: "out-of-range", reason: "score 250 outside the declared range 0–100"),
        Case(mode: "flood", reason: "wrote a line longer than"),
        Case(mode: "network", reason: "exited with status 1"),
        Case(mode: "fork", reason: "exited with status 3"),
    ]

    @Test(
        "A misbehaving plugin is one error row naming it; the rest show, nothing written or left",
        arguments: cases)
    func misbehaving(_ c: Case) throws {
        let s = try Self.scene()
        let lab = try PluginLab()
        let listener = try LoopbackListener()
        let marker = "coach-fork-marker-\(UUID().uuidString)"
        let exe = try lab.misbehaving(c.mode, port: listener.port, marker: marker)
        try s.expectOK(s.run(["plugin", "add", exe, "--yes"] + Self.me, env: Self.now))
        let before = try Self.contentHash(s)
        let r = try s.expectOK(
            s.run(["metrics", "--athlete", "jane", "--json"] + Self.me, env: Self.now))
        let rows = try #require(try ViewsCLITests.list(r))
        let builtins = rows.filter { $0["plugin"] == nil }
        #expect(builtins.count == 8)
        #expect(
            builtins.contains {
                $0["id"] as? String == "readiness" && $0["status"] as? String == "ok"
            })
        let row = try #require(rows.first { $0["id"] as? String == "bad-\(c.mode)" })
        #expect(row["status"] as? String == "error")
        let reason = row["reason"] as? String ?? ""
        #expect(reason.contains("plugin 'bad-\(c.mode)'"), "\(reason)")
        #expect(reason.contains(c.reason), "\(reason)")
        let plugin = row["plugin"] as? [String: Any]
        #expect(plugin?["id"] as? String == "bad-\(c.mode)")
        #expect(plugin?["version"] as? String == "0.0.1")
        #expect(try Self.contentHash(s) == before)
        #expect(PluginLab.processes(mentioning: lab.root).isEmpty)
        #expect(PluginLab.processes(mentioning: marker).isEmpty)
        #expect(!listener.wasConnected)
        let strict = try s.run(
            ["metrics", "--athlete", "jane", "--strict"] + Self.me, env: Self.now)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("readiness"))
    }

    @Test("An executable changed after it was added is not run, and check calls it tampering")
    func changedBinary() throws {
        let s = try Self.scene()
        let lab = try PluginLab()
        let dump = lab.root + "/ran.jsonl"
        let exe = try lab.misbehaving("fine", id: "pinned", dump: dump)
        try s.expectOK(s.run(["plugin", "add", exe, "--yes"] + Self.me, env: Self.now))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: exe))
        handle.seekToEndOfFile()
        handle.write(Data("\n# changed after it was added\n".utf8))
        try handle.close()
        try? FileManager.default.removeItem(atPath: dump)
        let before = try Self.contentHash(s)
        let r = try s.expectOK(
            s.run(["metrics", "--athlete", "jane", "--json"] + Self.me, env: Self.now))
        let rows = try #require(try ViewsCLITests.list(r))
        let row = try #require(rows.first { $0["id"] as? String == "pinned" })
        #expect(row["status"] as? String == "error")
        #expect((row["reason"] as? String ?? "").contains("plugin 'pinned'"))
        #expect((row["reason"] as? String ?? "").contains("changed since it was added"))
        #expect(rows.filter { $0["status"] as? String == "ok" }.count >= 6)
        #expect(!FileManager.default.fileExists(atPath: dump), "the changed plugin ran")
        let check = try s.run(["plugin", "check", "pinned"] + Self.me, env: Self.now)
        #expect(check.status == 74)
        #expect(check.stderr.contains("coach plugin add"))
        #expect(try Self.contentHash(s) == before)
        #expect(PluginLab.processes(mentioning: lab.root).isEmpty)
    }

    @Test("A plugin that declares only wellness receives no workouts, biometrics or free text")
    func leastPrivilege() throws {
        let s = try Self.scene()
        let lab = try PluginLab()
        // The sandbox lets the plugin write nothing outside its own directory, so it answers
        // each evaluation with the request it received, as its explanation.
        let exe = try lab.misbehaving("echo", id: "wellness-only")
        try s.expectOK(s.run(["plugin", "add", exe, "--yes"] + Self.me, env: Self.now))
        var lines: [String] = []
        for athlete in ["jane", "bert"] {
            let r = try s.expectOK(
                s.run(["metrics", "--athlete", athlete, "--json"] + Self.me, env: Self.now))
            let rows = try #require(try ViewsCLITests.list(r))
            let row = try #require(rows.first { $0["id"] as? String == "wellness-only" })
            lines.append(try #require(row["explanation"] as? String, "\(row)"))
        }
        let team = try s.run(["team"] + Self.me, env: Self.now)
        #expect([0, 3].contains(team.status), "team: \(team.stderr)")  // 3: someone is flagged
        let text = lines.joined(separator: "\n")
        let evaluations = try lines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(evaluations.allSatisfy { $0["method"] as? String == "evaluate" })
        #expect(evaluations.count == 2, "metrics for jane, then for bert")
        let athleteIDs = try s.sqlite("SELECT id FROM athletes").split(separator: "\n")
            .map(String.init)
        #expect(athleteIDs.count == 2)
        for e in evaluations {
            let params = try #require(e["params"] as? [String: Any])
            let inputs = params["inputs"] as? [String: Any] ?? [:]
            #expect(Set(inputs.keys).isSubset(of: ["wellness"]), "\(inputs.keys)")
            let athlete = try #require(params["athlete"] as? [String: Any])
            for key in ["name", "email", "birthDate", "birth_date", "notes", "handle"] {
                #expect(athlete[key] == nil, "athlete.\(key) was sent")
            }
            let ref = try #require(athlete["ref"] as? String)
            #expect(ref.count == 32 && !athleteIDs.contains(ref))
        }
        let janes = evaluations.compactMap {
            (($0["params"] as? [String: Any])?["inputs"] as? [String: Any])?["wellness"]
                as? [[String: Any]]
        }
        #expect(janes.contains { !$0.isEmpty }, "jane's wellness days arrive")
        for secret in [
            "secret-wellness-note", "secret-profile-goal", "jane@example.org", "Jane Example",
            "1994-05-02", "\"workouts\"", "\"biometrics\"",
        ] + athleteIDs {
            #expect(!text.contains(secret), "\(secret) reached the plugin")
        }
    }
}
