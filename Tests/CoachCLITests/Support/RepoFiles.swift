import CoachTestSupport
import Foundation
import Testing

/// Files of the repository the CLI tests read (fixtures, the schema, the example generator) and
/// helpers to load datasets into a sandbox.
enum RepoFiles {
    /// The package root.
    static let root = TestFixtures.repoRoot

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    static var schemaPath: String { path("docs/format.schema.json") }
    static var everyFieldFixture: String { TestFixtures.path("dataset-every-field.json") }

    /// `python3` on PATH, if any.
    static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()

    /// Runs a Python program and returns its exit status and combined output.
    static func runPython(_ args: [String]) throws -> (status: Int32, output: String) {
        let python = try #require(python, "python3 is needed")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Writes `Examples/generate_dataset.py HANDLE DAYS END SEED` into the sandbox and returns the path.
    static func generatedDataset(
        in s: CoachSandbox, handle: String = "gen", days: Int, end: String = "2026-10-31",
        seed: Int = 7
    ) throws -> String {
        let out = s.root + "/tmp/generated-\(days)-\(seed).json"
        let r = try runPython([
            "-c",
            """
            import runpy, sys
            sys.argv = ["generate_dataset.py", "\(handle)", "\(days)", "\(end)", "\(seed)"]
            sys.stdout = open("\(out)", "w")
            runpy.run_path("\(path("Examples/generate_dataset.py"))", run_name="__main__")
            """,
        ])
        #expect(r.status == 0, "generate_dataset.py failed: \(r.output)")
        return out
    }

    /// Imports `file` as a new athlete `handle` and exports it back to a new file; returns that path.
    static func importAndExport(
        _ s: CoachSandbox, file: String, handle: String, name: String = "export"
    ) throws -> String {
        try s.expectOK(
            s.run(["import", "json", file, "--create", "--athlete", handle, "--as", "olivia"]))
        let out = s.root + "/tmp/\(name)-\(handle).json"
        try s.expectOK(s.run(["export", "--athlete", handle, "--out", out, "--as", "olivia"]))
        return out
    }

    static func read(_ path: String) throws -> Data {
        try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
    }
}
