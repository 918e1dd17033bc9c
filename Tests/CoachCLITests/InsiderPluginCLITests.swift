import CoachCrypto
import Foundation
import Testing

/// An insider swaps a plugin record's path and pinned hash together, pointing it at an
/// executable of their own: the record no longer carries the owner's signature, so the plugin
/// is not run, views show an error row naming it, and `plugin check` exits 74.
@Suite struct InsiderPluginCLITests {
    static let now = PluginCLITests.now
    static let me = PluginCLITests.me

    static func sha256(_ path: String) throws -> String {
        Hashing.hex(Hashing.sha256([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
    }

    /// The metrics rows of jane, and the row of plugin `id`.
    static func row(_ s: CoachSandbox, _ id: String) throws -> [String: Any] {
        let r = try s.expectOK(
            s.run(["metrics", "--athlete", "jane", "--json"] + me, env: now))
        let rows = try #require(try ViewsCLITests.list(r))
        #expect(rows.filter { $0["status"] as? String == "ok" }.count >= 6)
        return try #require(rows.first { $0["id"] as? String == id })
    }

    @Test("A plugin record whose path and hash were swapped in the file is not run")
    func swappedRecord() throws {
        let s = try PluginCLITests.scene()
        let lab = try PluginLab()
        // The insider's executable answers for the same plugin id, from another path.
        let evilDump = lab.root + "/insider.jsonl"
        let moved = lab.root + "/coach-metric-insider"
        try FileManager.default.moveItem(
            atPath: try lab.misbehaving("fine", id: "pinned", dump: evilDump), toPath: moved)
        let exe = try lab.misbehaving("fine", id: "pinned", dump: lab.root + "/owner.jsonl")
        try s.expectOK(s.run(["plugin", "add", exe, "--yes"] + Self.me, env: Self.now))
        // The owner's own executable runs as added.
        #expect(try Self.row(s, "pinned")["status"] as? String == "ok")
        _ = try s.sqlite(
            "UPDATE plugins SET path = '\(moved)', sha256 = '\(try Self.sha256(moved))' "
                + "WHERE id = 'pinned'")
        let row = try Self.row(s, "pinned")
        let reason = row["reason"] as? String ?? ""
        #expect(row["status"] as? String == "error", "\(row)")
        #expect(
            reason.contains("plugin 'pinned'") && reason.contains("not signed by the owner"),
            "\(reason)")
        #expect(!FileManager.default.fileExists(atPath: evilDump), "the insider's plugin ran")
        let check = try s.run(["plugin", "check", "pinned"] + Self.me, env: Self.now)
        #expect(check.status == 74, "\(check.status): \(check.stderr)")
        #expect(check.stderr.contains("not signed by the owner"), "\(check.stderr)")
        #expect(!FileManager.default.fileExists(atPath: evilDump), "check ran the insider's plugin")
        #expect(PluginLab.processes(mentioning: lab.root).isEmpty)
    }

    @Test("An unsigned record (from before records were signed) is refused until added again")
    func unsignedRecord() throws {
        let s = try PluginCLITests.scene()
        let lab = try PluginLab()
        let dump = lab.root + "/ran.jsonl"
        let exe = try lab.misbehaving("fine", id: "legacy", dump: dump)
        try s.expectOK(s.run(["plugin", "add", exe, "--yes"] + Self.me, env: Self.now))
        _ = try s.sqlite("UPDATE plugins SET signature = NULL WHERE id = 'legacy'")
        try? FileManager.default.removeItem(atPath: dump)
        #expect(try Self.row(s, "legacy")["status"] as? String == "error")
        #expect(!FileManager.default.fileExists(atPath: dump))
        let check = try s.run(["plugin", "check", "legacy"] + Self.me, env: Self.now)
        #expect(check.status == 74 && check.stderr.contains("coach plugin add"), "\(check.stderr)")
        try s.expectOK(s.run(["plugin", "add", exe, "--yes"] + Self.me, env: Self.now))
        #expect(try Self.row(s, "legacy")["status"] as? String == "ok")
    }

    @Test("A pinned plugin reached through a link now, or in a folder others can write, is refused")
    func exposedExecutable() throws {
        let s = try PluginCLITests.scene()
        let lab = try PluginLab()
        let dump = lab.root + "/ran.jsonl"
        let exe = try lab.misbehaving("fine", id: "exposed", dump: dump)
        try s.expectOK(s.run(["plugin", "add", exe, "--yes"] + Self.me, env: Self.now))
        try s.expectOK(s.run(["plugin", "check", "exposed"] + Self.me, env: Self.now))
        // The same bytes, reached through a link: the path no longer names the pinned file.
        try FileManager.default.moveItem(atPath: exe, toPath: lab.bin + "/real")
        try FileManager.default.createSymbolicLink(
            atPath: exe, withDestinationPath: lab.bin + "/real")
        try? FileManager.default.removeItem(atPath: dump)
        let linked = try s.run(["plugin", "check", "exposed"] + Self.me, env: Self.now)
        #expect(linked.status == 74, "\(linked.status): \(linked.stderr)")
        #expect(linked.stderr.contains("symbolic link"), "\(linked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dump), "the linked file ran")
        try FileManager.default.removeItem(atPath: exe)
        try FileManager.default.moveItem(atPath: lab.bin + "/real", toPath: exe)
        // Anyone may now drop a file beside it: refused as a permission problem, before running.
        chmod(lab.bin, 0o777)
        let open = try s.run(["plugin", "check", "exposed"] + Self.me, env: Self.now)
        #expect(open.status == 77, "\(open.status): \(open.stderr)")
        #expect(open.stderr.contains("others can write to folder"), "\(open.stderr)")
        #expect(open.stderr.split(separator: "\n").count == 1, "\(open.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dump), "the exposed file ran")
        let added = try s.run(["plugin", "add", exe, "--yes"] + Self.me, env: Self.now)
        #expect(added.status == 77, "\(added.status): \(added.stderr)")
        chmod(lab.bin, 0o755)
        try s.expectOK(s.run(["plugin", "check", "exposed"] + Self.me, env: Self.now))
    }

    @Test("The owner's allowance to run a plugin unsandboxed is signed: planting it is tampering")
    func plantedAllowance() throws {
        let s = try PluginCLITests.scene()
        let lab = try PluginLab()
        let exe = try lab.misbehaving("fine", id: "allowed")
        try s.expectOK(s.run(["plugin", "add", exe, "--yes"] + Self.me, env: Self.now))
        _ = try s.sqlite(
            "UPDATE plugins SET granted = granted || ',+unsandboxed' WHERE id = 'allowed'")
        let check = try s.run(["plugin", "check", "allowed"] + Self.me, env: Self.now)
        #expect(check.status == 74, "\(check.status): \(check.stderr)")
        #expect(check.stderr.contains("not signed by the owner"), "\(check.stderr)")
        // Given by the owner, the allowance is recorded, shown and signed.
        try s.expectOK(
            s.run(
                ["plugin", "add", exe, "--yes", "--allow-unsandboxed"] + Self.me, env: Self.now))
        let info = try s.expectOK(
            s.run(["plugin", "info", "allowed", "--json"] + Self.me, env: Self.now))
        let json = try #require(try ViewsCLITests.json(info) as? [String: Any])
        let plugin = try #require(json["plugin"] as? [String: Any])
        #expect(
            plugin["unsandboxed"] as? Bool == true && plugin["granted"] as? [String] == ["wellness"]
        )
        try s.expectOK(s.run(["plugin", "check", "allowed"] + Self.me, env: Self.now))
    }
}
