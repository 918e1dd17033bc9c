import Foundation
import Testing

/// README's "A first session", run step by step exactly as written (the code block is read from
/// README.md, so the two cannot drift) on a terminal, against the built binary.
@Suite struct ReadmeSessionCLITests {
    static let passphrase = "readme first session passphrase"

    /// The commands of the first `sh` block under `## A first session`, continuation lines
    /// joined.
    static func firstSession() throws -> [String] {
        let readme = try String(contentsOfFile: RepoFiles.path("README.md"), encoding: .utf8)
        let section = try #require(
            readme.components(separatedBy: "## A first session").dropFirst().first)
        let block = try #require(
            section.components(separatedBy: "```sh\n").dropFirst().first?
                .components(separatedBy: "```").first)
        var steps: [String] = []
        var pending = ""
        for line in block.split(separator: "\n", omittingEmptySubsequences: true) {
            let text = pending + line
            if text.hasSuffix("\\") {
                pending = String(text.dropLast()) + " "
            } else {
                steps.append(text)
                pending = ""
            }
        }
        return steps
    }

    @Test("README's first session runs as written; the id 'log show' prints edits the entry")
    func firstSessionRuns() throws {
        let steps = try Self.firstSession()
        #expect(steps.count >= 20 && steps.first?.hasPrefix("export COACH_WORKSPACE=") == true)
        let s = try CoachSandbox()
        let pty = PtySteps(sandbox: s, env: ["COACH_WORKSPACE": ""])
        var exports: [String] = []
        var lastShow = ""
        for step in steps {
            if step.hasPrefix("export ") {
                exports.append(step)
                continue
            }
            var command = step
            if command.contains(" ID ") {
                // The README's placeholder: the prefix 'log show' printed for the workout.
                let row = try #require(
                    lastShow.split(separator: "\n").first { $0.contains(" workout ") },
                    "log show listed no workout:\n\(lastShow)")
                let id = String(row.split(separator: " ", omittingEmptySubsequences: true)[2])
                #expect((4...8).contains(id.count), "printed id \(id)")
                command = command.replacingOccurrences(of: " ID ", with: " \(id) ")
            }
            let r = try pty.run(
                (exports + [command]).joined(separator: "; "),
                answers: [["[Pp]assphrase[^\\n]*:", Self.passphrase]])
            let allowed = command.hasPrefix("coach team") ? [0, 3] : [0]
            #expect(
                allowed.contains(r.status), "step '\(step)' exited \(r.status):\n\(r.output)")
            if command.hasPrefix("coach log show") { lastShow = r.output }
            if command.hasPrefix("coach log edit") {
                #expect(r.output.contains("Edited workout") && r.output.contains("· 700 kcal"))
            }
        }
        #expect(FileManager.default.fileExists(atPath: s.root + "/home/jane.html"))
        #expect(FileManager.default.fileExists(atPath: s.root + "/home/coaching/team.sqlite"))
    }
}
