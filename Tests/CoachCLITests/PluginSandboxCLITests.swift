import Foundation
import Testing

/// Issue 31 item 3 through the binary: a plugin runs confined. A test plugin tries to open
/// sockets, read and write a file outside its allowance, and ptrace; each is refused, and
/// `plugin info` says every required protection is in force (a machine without them refuses
/// to run plugins, so this test fails there instead of passing unconfined).
@Suite struct PluginSandboxCLITests {
    static let now = PluginCLITests.now
    static let me = PluginCLITests.me

    @Test("A plugin cannot open sockets, read or write outside its allowance, or ptrace")
    func confined() throws {
        let s = try PluginCLITests.scene()
        let lab = try PluginLab()
        // A file any user may read, outside what a plugin is allowed.
        let secret = lab.root + "/athlete-secrets.txt"
        try Data("secret".utf8).write(to: URL(fileURLWithPath: secret))
        chmod(secret, 0o644)
        let exe = try lab.misbehaving("probe", id: "probe", marker: secret)
        try s.expectOK(s.run(["plugin", "add", exe, "--yes"] + Self.me, env: Self.now))
        let r = try s.expectOK(
            s.run(["metrics", "--athlete", "jane", "--json"] + Self.me, env: Self.now))
        let rows = try #require(try ViewsCLITests.list(r))
        let row = try #require(rows.first { $0["id"] as? String == "probe" })
        #expect(row["status"] as? String == "ok", "\(row)")
        #expect(
            row["explanation"] as? String
                == "inet=refused unix=refused read=refused write=refused ptrace=refused",
            "\(row)")
        #expect(!FileManager.default.fileExists(atPath: secret + ".escaped"))
        let info = try s.expectOK(
            s.run(["plugin", "info", "probe", "--json"] + Self.me, env: Self.now))
        let json = try #require(try ViewsCLITests.json(info) as? [String: Any])
        let protections = try #require(json["protections"] as? [[String: Any]])
        for name in ["network", "processes", "files", "system-calls"] {
            let p = try #require(protections.first { $0["name"] as? String == name }, "\(name)")
            #expect(p["active"] as? Bool == true && p["required"] as? Bool == true, "\(p)")
        }
    }

    @Test("plugin add runs nothing of the file before the owner agrees, not even its handshake")
    func nothingRunsBeforeAsking() throws {
        let s = try PluginCLITests.scene()
        let lab = try PluginLab()
        let exe = try lab.misbehaving("fine", id: "unasked")
        // No terminal to ask on and no --yes: refused after the file is shown, before it runs.
        let r = try s.run(["plugin", "add", exe] + Self.me, env: Self.now)
        #expect(r.status == 64, "\(r.status): \(r.stderr)")
        #expect(r.stdout.contains("sha256") && r.stdout.contains(exe), "\(r.stdout)")
        #expect(!r.stdout.contains("Misbehaving"), "the handshake ran before asking")
        let list = try s.expectOK(s.run(["plugin", "list"] + Self.me, env: Self.now))
        #expect(!list.stdout.contains("unasked"))
    }
}
