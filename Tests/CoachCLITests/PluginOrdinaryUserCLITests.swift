import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 31 item 3 as an ordinary user (nobody, when the tests run as root): the plugin runs in
/// a user namespace of its own with the other namespaces, Landlock and seccomp, so it can
/// neither read the workspace file its own user owns nor write beside it, open a socket or
/// ptrace.
@Suite struct PluginOrdinaryUserCLITests {
    /// The whole scene as a shell script, run as the ordinary user: a workspace in a folder of
    /// that user's, a plugin that reads the workspace file, then `metrics` and `plugin info`.
    static func script(coach: String, folder: String) throws -> String {
        let template = try String(
            contentsOf: PluginLab.repo.appendingPathComponent(
                "Tests/Fixtures/plugins/misbehaving.py"),
            encoding: .utf8)
        let plugin = template.replacingOccurrences(of: "@MODE@", with: "probe")
            .replacingOccurrences(of: "@PORT@", with: "0")
            .replacingOccurrences(of: "@DUMP@", with: "")
            .replacingOccurrences(of: "@MARKER@", with: folder + "/ws.sqlite")
            .replacingOccurrences(of: "@ID@", with: "probe")
            .replacingOccurrences(of: "@KINDS@", with: #"["wellness"]"#)
        return """
            set -e
            D='\(folder)'
            mkdir -m 700 "$D"; mkdir -m 755 "$D/bin"
            export HOME="$D" XDG_RUNTIME_DIR="$D/run" XDG_STATE_HOME="$D/state" TMPDIR="$D"
            export XDG_DATA_HOME="$D/data" COACH_WORKSPACE="$D/ws.sqlite" LANG=C.UTF-8
            printf 'correct horse battery staple 42\\n' > "$D/pass"; chmod 600 "$D/pass"
            C='\(coach)'
            "$C" init --owner olivia --kdf interactive --new-passphrase-file "$D/pass" >/dev/null
            "$C" unlock --as olivia --passphrase-file "$D/pass" --ttl 1h >/dev/null
            "$C" athlete add jane --name Jane --as olivia >/dev/null
            "$C" log mood 4 --athlete jane --as olivia >/dev/null
            cat > "$D/bin/coach-metric-probe" <<'PLUGIN'
            \(plugin)
            PLUGIN
            chmod 755 "$D/bin/coach-metric-probe"
            "$C" plugin add "$D/bin/coach-metric-probe" --yes --as olivia >/dev/null
            "$C" metrics --athlete jane --json --as olivia
            "$C" plugin info probe --json --as olivia
            test ! -e "$D/ws.sqlite.escaped" && echo "nothing escaped"
            """
    }

    @Test("An ordinary user's plugin cannot read its user's workspace, write, connect or ptrace")
    func ordinaryUser() throws {
        let coach = try #require(CoachSandbox.binary)
        let folder = "/tmp/coach-ordinary-\(UUID().uuidString.lowercased())"
        let scriptPath = folder + ".sh"
        try Data(try Self.script(coach: coach, folder: folder).utf8)
            .write(to: URL(fileURLWithPath: scriptPath))
        chmod(scriptPath, 0o755)
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: scriptPath)
        }
        let p = Process()
        if geteuid() == 0 {
            p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            p.arguments = [
                "--reuid=65534", "--regid=65534", "--clear-groups", "/bin/sh", scriptPath,
            ]
        } else {
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = [scriptPath]
        }
        p.environment = ["PATH": "/usr/bin:/bin"]
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(stderr)")
        #expect(
            stdout.contains(
                "\"inet=refused unix=refused read=refused write=refused ptrace=refused\""),
            "\(stdout)")
        #expect(stdout.contains("nothing escaped"), "\(stdout)")
        for name in ["user-namespace", "network", "processes", "files", "system-calls"] {
            #expect(
                stdout.range(
                    of: #""name" : "\#(name)"[^}]*"active" : true"#, options: .regularExpression)
                    != nil
                    || stdout.range(
                        of: #""active" : true[^}]*"name" : "\#(name)""#,
                        options: .regularExpression) != nil,
                "\(name) not in force for an ordinary user")
        }
    }
}
