import Foundation
import Testing

/// Shell steps run on pseudo-terminals (`pty_steps.py`, Python standard library), so prompts on
/// /dev/tty and `isatty` checks see a terminal, with `coach` on PATH as the built binary.
struct PtySteps {
    /// One step: shell text, and replies typed when the output ends with a pattern.
    struct Step: Encodable {
        let sh: String
        var answers: [[String]] = []
        var timeout: Double = 120
    }

    /// What a step printed (stdout and stderr interleaved, as a terminal shows them) and its
    /// exit status (-1 when it timed out).
    struct Outcome: Decodable {
        let status: Int
        let output: String
    }

    let sandbox: CoachSandbox
    /// Extra environment over the sandbox's.
    var env: [String: String] = [:]
    /// Where the steps run (the sandbox's home by default).
    var cwd: String?

    /// A folder holding `coach` as a link to the built binary, for PATH.
    func binFolder() throws -> String {
        let binary = try #require(CoachSandbox.binary, "the coach executable is not built")
        let bin = sandbox.root + "/bin"
        if !FileManager.default.fileExists(atPath: bin + "/coach") {
            try FileManager.default.createDirectory(
                atPath: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: bin + "/coach", withDestinationPath: binary)
        }
        return bin
    }

    /// Runs `steps` in order and returns each outcome.
    func run(_ steps: [Step]) throws -> [Outcome] {
        var environment = sandbox.environment.merging(env) { _, new in new }
        environment["PATH"] = try binFolder() + ":/usr/bin:/bin"
        environment["TERM"] = env["TERM"] ?? "dumb"
        struct Spec: Encodable {
            let cwd: String
            let env: [String: String]
            let steps: [Step]
        }
        let spec = Spec(cwd: cwd ?? sandbox.root + "/home", env: environment, steps: steps)
        let input = sandbox.root + "/tmp/pty-\(UUID().uuidString).json"
        try JSONEncoder().encode(spec).write(to: URL(fileURLWithPath: input))
        defer { try? FileManager.default.removeItem(atPath: input) }
        let python = try #require(RepoFiles.python, "python3 is needed for the terminal tests")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = [RepoFiles.path("Tests/Terminal/pty_steps.py")]
        p.standardInput = FileHandle(forReadingAtPath: input)
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "pty_steps.py failed")
        return try JSONDecoder().decode([Outcome].self, from: data)
    }

    /// Runs one command line on a terminal.
    func run(_ sh: String, answers: [[String]] = []) throws -> Outcome {
        try #require(try run([Step(sh: sh, answers: answers)]).first)
    }
}
