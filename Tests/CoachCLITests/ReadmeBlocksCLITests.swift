import Foundation
import Testing

/// Issue 30, item 6: every ```sh block of README.md carries a marker saying how it is tested,
/// and the runnable ones run as written, line by line on a terminal, against a sandbox: `run`
/// in an empty one, `demo` in the demo workspace (with jane as the current athlete).
/// `first-session` is ReadmeSessionCLITests'; `skip: REASON` names why a block cannot run here.
@Suite struct ReadmeBlocksCLITests {
    /// One sh block: its marker and its commands, continuation lines joined.
    struct Block: CustomStringConvertible, Sendable {
        let marker: String
        let commands: [String]
        var description: String { "\(marker): \(commands.first ?? "")" }
    }

    static func blocks() throws -> [Block] {
        let readme = try String(contentsOfFile: RepoFiles.path("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        var out: [Block] = []
        for (i, line) in lines.enumerated() where line == "```sh" {
            let previous = i > 0 ? lines[i - 1] : ""
            let marker =
                previous.hasPrefix("<!-- readme-test: ") && previous.hasSuffix(" -->")
                ? String(previous.dropFirst("<!-- readme-test: ".count).dropLast(" -->".count))
                : ""
            var commands: [String] = []
            var pending = ""
            for text in lines[(i + 1)...].prefix(while: { $0 != "```" }) {
                let joined = pending + text
                if joined.hasSuffix("\\") {
                    pending = String(joined.dropLast()) + " "
                } else if !joined.trimmingCharacters(in: .whitespaces).isEmpty {
                    commands.append(joined)
                    pending = ""
                }
            }
            out.append(Block(marker: marker, commands: commands))
        }
        return out
    }

    @Test("every sh block says how it is tested; skipped ones say why")
    func markers() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count >= 8)
        for b in blocks {
            let known =
                b.marker == "run" || b.marker == "demo" || b.marker.hasPrefix("first-session")
                || (b.marker.hasPrefix("skip: ") && b.marker.count > 12)
            #expect(known, "a README sh block without a readme-test marker: \(b)")
        }
        #expect(blocks.filter { $0.marker == "run" || $0.marker == "demo" }.count >= 3)
    }

    /// `line` for `sh -c`, run by bash (the README's `source <(…)` is bash).
    static func bash(_ line: String) -> String {
        "bash -c '" + line.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The blocks marked `run` or `demo`.
    static var runnable: [Block] {
        ((try? blocks()) ?? []).filter { $0.marker == "run" || $0.marker == "demo" }
    }

    @Test("the runnable blocks run as written", arguments: runnable)
    func runs(block: Block) throws {
        let s = try CoachSandbox(clock: DemoFeaturesCLITests.now)
        let home = s.root + "/home"
        for folder in [".zfunc", ".config/fish/completions"] {
            try FileManager.default.createDirectory(
                atPath: home + "/" + folder, withIntermediateDirectories: true)
        }
        if block.marker == "demo" {
            try s.expectOK(s.run(["demo", "--workspace", s.workspace, "--json"]))
            for (handle, name) in [("bert", "Bert"), ("carla", "Carla")] {
                try s.expectOK(s.run(["athlete", "add", handle, "--name", name]))
            }
            try Data("date,title\n2026-11-25,Easy spin\n".utf8).write(
                to: URL(fileURLWithPath: home + "/plan.csv"))
        }
        let pty = PtySteps(
            sandbox: s,
            env: DemoFeaturesCLITests.now.merging(["COACH_ATHLETE": "jane"]) { a, _ in a })
        var lastID: String?
        for command in block.commands {
            var line = command
            if line.contains(" ID ") {
                let id = try #require(lastID, "no id printed before '\(command)'")
                line = line.replacingOccurrences(of: " ID ", with: " \(id) ")
            }
            let r = try pty.run(Self.bash(line), answers: [["\\[y/N\\] ?$", "y"]])
            #expect([0, 3].contains(r.status), "'\(command)' exited \(r.status):\n\(r.output)")
            if let range = r.output.range(of: "(id ") {
                lastID = String(r.output[range.upperBound...].prefix { $0 != ")" })
            }
        }
    }
}
