import Foundation
import Testing

/// SECURITY.md test 10: the passphrase and session-key bytes never appear in argv, the environment,
/// stdout/stderr, the database, -wal, -shm or any other file coach writes.
@Suite struct SecretLeakCLITests {
    static let pass = "Zq9-PASSPHRASE-LEAK-CANARY-4471"
    static let newPass = "Xk2-NEW-PASSPHRASE-CANARY-9083"
    static let coachPass = "Wm5-COACH-PASSPHRASE-CANARY-2210"

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    static func allFiles(under root: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
        return e.compactMap { $0 as? String }.map { root + "/" + $0 }.filter {
            var d: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0, isDirectory: &d) && !d.boolValue
        }
    }

    @Test("A full scenario leaves no passphrase or session-key bytes outside the passphrase files")
    func noLeaks() throws {
        let s = try CoachSandbox()
        let p = try s.secretFile("pass", Self.pass), np = try s.secretFile("new", Self.newPass)
        let cp = try s.secretFile("coach", Self.coachPass)
        try s.expectOK(
            s.run(["init", "--owner", "olivia", "--kdf", "interactive", "--new-passphrase-file", p])
        )
        try s.expectOK(s.run(["unlock", "--as", "olivia", "--passphrase-file", p]))
        try s.expectOK(s.run(["athlete", "add", "jane", "--name", "Jane Doe"]))
        try s.expectOK(
            s.run(["user", "add", "carl", "--role", "coach", "--new-passphrase-file", cp]))
        try s.expectOK(s.run(["whoami", "--json"]))
        // Token (session id + key) as written now, before the passphrase change ends the session.
        let tokenDir = s.runtimeDir + "/coach"
        let tokenName = try #require(
            try FileManager.default.contentsOfDirectory(atPath: tokenDir).first)
        let token = try String(contentsOfFile: tokenDir + "/" + tokenName, encoding: .utf8).split(
            separator: "\n")
        let sessionKeyHex = String(token[3])
        #expect(sessionKeyHex.count == 64)
        let sessionKey = stride(from: 0, to: 64, by: 2).map { i -> UInt8 in
            let a = sessionKeyHex.utf8.index(sessionKeyHex.utf8.startIndex, offsetBy: i)
            return UInt8(String(sessionKeyHex[a..<sessionKeyHex.index(a, offsetBy: 2)]), radix: 16)!
        }
        try s.expectOK(
            s.run([
                "user", "passwd", "--as", "olivia", "--passphrase-file", p, "--new-passphrase-file",
                np,
            ]))
        try s.expectOK(
            s.run(
                ["unlock", "--as", "olivia", "--passphrase-file", "-"], stdin: Self.newPass + "\n"))
        try s.expectOK(s.run(["athlete", "note", "jane", "--goals", "ordinary goal"]))
        try s.expectOK(s.run(["athlete", "list", "--as", "carl", "--passphrase-file", cp]))
        try s.expectOK(s.run(["audit"]))
        try s.expectOK(s.run(["doctor"]))
        try s.expectOK(s.run(["backup", "--out", s.root + "/backup.sqlite"]))
        let failures = [
            // the old passphrase, now wrong
            try s.run(["athlete", "list", "--as", "olivia", "--passphrase-file", p]),
            try s.run(
                ["unlock", "--as", "olivia", "--passphrase-file", "-"], stdin: Self.pass + "\n"),
            try s.run([
                "user", "passwd", "--as", "olivia", "--passphrase-file", np,
                "--new-passphrase-file", s.root + "/missing",
            ]),
        ]
        #expect(failures.allSatisfy { $0.status == 77 || $0.status == 66 })

        let secrets: [(String, [UInt8])] = [
            ("passphrase", Array(Self.pass.utf8)), ("new passphrase", Array(Self.newPass.utf8)),
            ("coach passphrase", Array(Self.coachPass.utf8)), ("session key", sessionKey),
            ("session key hex", Array(sessionKeyHex.utf8)),
        ]
        for run in s.history {
            let visible = Array(
                (run.args.joined(separator: "\0") + "\0"
                    + run.environment.map { "\($0)=\($1)" }.joined(separator: "\0")
                    + run.stdout + run.stderr).utf8)
            for (name, bytes) in secrets {
                #expect(
                    !Self.contains(visible, bytes),
                    "\(name) in argv/env/output of coach \(run.args.joined(separator: " "))")
            }
        }
        let files = Self.allFiles(under: s.root).filter { !$0.hasPrefix(s.root + "/secrets/") }
        #expect(files.contains(s.workspace))
        for file in files {
            let bytes = FileManager.default.contents(atPath: file).map([UInt8].init) ?? []
            for (name, needle) in secrets {
                // The token file holds the (now ended) session's key by design; nothing else may.
                if name.hasPrefix("session key") && file.hasPrefix(tokenDir) { continue }
                #expect(!Self.contains(bytes, needle), "\(name) found in \(file)")
            }
        }
        for suffix in ["", "-wal", "-shm"] {
            let bytes =
                FileManager.default.contents(atPath: s.workspace + suffix).map([UInt8].init) ?? []
            for (name, needle) in secrets {
                #expect(!Self.contains(bytes, needle), "\(name) in workspace\(suffix)")
            }
        }
    }
}
