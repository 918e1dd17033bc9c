import Foundation
import Testing

/// Issue 30, item 6: every ```sh block of README.md carries a marker saying how it is tested,
/// and the runnable ones run as written, line by line on a terminal, against a sandbox: `run`
/// in an empty one, `demo` in the demo workspace (with jane as the current athlete), `session`
/// in a reader's workspace after the first session with the files the block names in the
/// reader's folder. `; ids X …` names ids the reader copies from an earlier line's output.
/// `first-session` is ReadmeSessionCLITests'; `ci` is the block .ci/run runs line for line;
/// `server` blocks run against a real coach-server and PostgreSQL in Tests/e2e/readme-server.sh
/// (`make test-server`); `skip: REASON` names why a block cannot run here.
@Suite struct ReadmeBlocksCLITests {
    /// One sh block: its marker and its commands, continuation lines joined.
    struct Block: CustomStringConvertible, Sendable {
        let marker: String
        let commands: [String]
        var description: String { "\(marker): \(commands.first ?? "")" }
        /// The marker's first part: run, demo, session, ci, first-session or skip.
        var kind: String {
            String(marker.prefix { $0 != ";" && $0 != ":" && $0 != " " })
        }
        /// The placeholder ids of `; ids X Y`.
        var ids: [String] {
            guard let r = marker.range(of: "; ids ") else { return [] }
            return marker[r.upperBound...].split(separator: " ").map(String.init)
        }
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
                ["run", "demo", "session", "ci", "first-session", "server"].contains(b.kind)
                || (b.marker.hasPrefix("skip: ") && b.marker.count > 12)
            #expect(known, "a README sh block without a readme-test marker: \(b)")
        }
        #expect(blocks.filter { Self.runKinds.contains($0.kind) }.count >= 6)
    }

    @Test("the ci block is what .ci/run runs, line for line and in order")
    func ciBlock() throws {
        let ci = try Self.blocks().filter { $0.kind == "ci" }
        #expect(ci.count == 1)
        let block = try #require(ci.first)
        // Lines that are only a comment (the block's wrapped explanations) run nothing.
        let commands = block.commands.map(Self.command).filter { !$0.isEmpty }
        #expect(commands == (try Self.ciCommands()), "\(commands)")
        #expect(commands.contains("make test"))
    }

    @Test("the server blocks are run by the real-server stage of make test")
    func serverBlocks() throws {
        let server = try Self.blocks().filter { $0.kind == "server" }
        #expect(server.count >= 4)
        let makefile = try String(contentsOfFile: RepoFiles.path("Makefile"), encoding: .utf8)
        func recipe(_ target: String) -> String {
            let stage = makefile.components(separatedBy: "\n\(target):").dropFirst().first ?? ""
            return stage.components(separatedBy: "\n\n").first ?? ""
        }
        #expect(recipe("test-server-run").contains("bash Tests/e2e/readme-server.sh"))
        #expect(recipe("test").contains("test-server-run"), "\(recipe("test"))")
        #expect(recipe("test-server").contains("test-server-run"), "\(recipe("test-server"))")
        // The script finds each block by a command it holds; every server block has one.
        let anchors = [
            "coach-server migrate", "coach sync publish", "coach sync invite",
            "coach sync join",
        ]
        for anchor in anchors {
            #expect(server.filter { $0.commands.joined().contains(anchor) }.count == 1, "\(anchor)")
        }
    }

    /// `line` for `sh -c`, run by bash (the README's `source <(…)` is bash).
    static func bash(_ line: String) -> String {
        "bash -c '" + line.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The kinds of block this suite runs.
    static let runKinds = ["run", "demo", "session"]

    /// The blocks this suite runs.
    static var runnable: [Block] {
        ((try? blocks()) ?? []).filter { runKinds.contains($0.kind) }
    }

    @Test("the runnable blocks run as written", arguments: runnable)
    func runs(block: Block) throws {
        let s = try CoachSandbox(clock: DemoFeaturesCLITests.now)
        let home = s.root + "/home"
        for folder in [".zfunc", ".config/fish/completions"] {
            try FileManager.default.createDirectory(
                atPath: home + "/" + folder, withIntermediateDirectories: true)
        }
        if block.kind == "session" { try Self.readerWorkspace(s, home: home) }
        if block.kind == "demo" {
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
        var printed = ""
        for command in block.commands {
            var line = try Self.fillingIDs(command, placeholders: block.ids, printed: printed)
            if line.contains(" ID ") {
                let id = try #require(lastID, "no id printed before '\(command)'")
                line = line.replacingOccurrences(of: " ID ", with: " \(id) ")
            }
            let r = try pty.run(Self.bash(line), answers: [["\\[y/N\\] ?$", "y"]])
            #expect([0, 3].contains(r.status), "'\(line)' exited \(r.status):\n\(r.output)")
            printed += r.output
            if let range = r.output.range(of: "(id ") {
                lastID = String(r.output[range.upperBound...].prefix { $0 != ")" })
            }
        }
    }
}
