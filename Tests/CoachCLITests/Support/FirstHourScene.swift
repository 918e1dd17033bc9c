import Foundation
import Testing

/// A sandbox for issue 13's end-to-end tests: owner `olivia` unlocked at a fixed "now"
/// (Wednesday 2026-11-25, noon in Berlin) and the athlete `jane`.
enum FirstHourScene {
    static let now = ["COACH_NOW": "2026-11-25T12:00:00+01:00"]

    static func make(athlete: Bool = true) throws -> CoachSandbox {
        let s = try CoachSandbox(clock: now)
        let pass = try s.secretFile("owner", CoachSandbox.ownerPass)
        try s.expectOK(
            s.run([
                "init", "--owner", "olivia", "--kdf", "interactive", "--new-passphrase-file", pass,
            ]))
        try s.expectOK(
            s.run(
                ["unlock", "--as", "olivia", "--passphrase-file", pass, "--ttl", "1h"], env: now))
        if athlete {
            try s.expectOK(
                s.run(
                    [
                        "athlete", "add", "jane", "--name", "Jane Doe", "--time-zone",
                        "Europe/Berlin",
                    ],
                    env: now))
        }
        return s
    }
}

extension CoachSandbox {
    /// `coach args…` at the scene's fixed "now" (plus `env`).
    @discardableResult
    func at(_ args: [String], env extra: [String: String] = [:], stdin: String? = nil) throws
        -> CoachResult
    {
        try run(args, stdin: stdin, env: FirstHourScene.now.merging(extra) { _, new in new })
    }

    /// Like `at`, failing the test unless the command exits 0.
    @discardableResult
    func ok(
        _ args: [String], env extra: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CoachResult {
        try expectOK(at(args, env: extra), sourceLocation: sourceLocation)
    }

    /// A PtySteps runner at the scene's fixed "now".
    var terminal: PtySteps { PtySteps(sandbox: self, env: FirstHourScene.now) }
}

extension CoachResult {
    /// stdout parsed as JSON.
    var json: Any { (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) ?? [:] }
    /// stdout parsed as a JSON object.
    var object: [String: Any] { json as? [String: Any] ?? [:] }
    /// The list of a `--json` list shape: the one value beside `format`.
    var list: [[String: Any]] {
        object.first { $0.key != "format" && object.count == 2 }?.value as? [[String: Any]] ?? []
    }
    /// The rows of a table on stdout (header dropped), split into cells on two spaces or more.
    var tableRows: [[String]] {
        stdout.split(separator: "\n").dropFirst().map { line in
            line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
    }
}
