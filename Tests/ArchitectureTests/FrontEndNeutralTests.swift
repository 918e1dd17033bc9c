import Foundation
import Testing

/// The libraries below the command line are front-end neutral: no string literal in them holds
/// an option (`--` and a letter) or a `coach <word>` command text. Errors carry typed fields and
/// remedies instead, and only CoachCLI spells them as options and commands. Comments may still
/// mention commands.
@Suite struct FrontEndNeutralTests {
    /// The folders that must stay neutral, relative to the repository root. Folders that do not
    /// exist (yet) are skipped.
    static let neutralFolders = [
        "Sources/CoachKit", "Sources/CoachStore", "Sources/CoachProviders", "Sources/CoachApp",
        "Plugins", "Sources/CoachPlugins", "Sources/CoachPluginSDK", "Sources/CoachTrust",
        "Sources/CoachCodec", "Sources/CoachLocal",
    ]

    /// Folders whose literals are prose for people (import skip reasons, the AI-coach prompt),
    /// where "coach" is also a noun ("a type coach does not use", "the coach asked"): there a
    /// command text is `coach` followed by one of the command words.
    static let proseFolders = ["Sources/CoachImport", "Sources/CoachPrompt"]

    /// The command words of `coach`.
    static let commandWords = [
        "init", "unlock", "lock", "whoami", "use", "user", "access", "athlete", "plan", "log",
        "goal", "import", "export", "metrics", "explain", "dashboard", "team", "trend", "plugin",
        "activity", "biometrics", "nutrition", "report", "audit", "doctor", "backup", "restore",
        "demo", "prompt", "mcp", "sync", "device", "brief",
    ]

    static let repoRoot = SourceTree.root

    /// What a prose literal must not hold, and why.
    static func proseViolation(in text: String) -> String? {
        if let m = text.firstMatch(of: #/--[A-Za-z][A-Za-z0-9-]*/#) { return "option \(m.output)" }
        for word in commandWords {
            if let r = text.range(of: "coach \(word)"),
                text[r.upperBound...].first.map({ !$0.isLetter }) ?? true
            {
                return "command text 'coach \(word)'"
            }
        }
        return nil
    }

    /// What a literal must not hold, and why.
    static func violation(in text: String) -> String? {
        if let m = text.firstMatch(of: #/--[A-Za-z][A-Za-z0-9-]*/#) { return "option \(m.output)" }
        if let m = text.firstMatch(of: #/\bcoach [a-z][a-z-]*/#) {
            return "command text '\(m.output)'"
        }
        return nil
    }

    /// Every `.swift` file under `folders` that exist.
    static func sourceFiles(_ folders: [String] = neutralFolders) -> [URL] {
        folders.flatMap { folder -> [URL] in
            let url = repoRoot.appendingPathComponent(folder)
            guard FileManager.default.fileExists(atPath: url.path),
                let walker = FileManager.default.enumerator(
                    at: url, includingPropertiesForKeys: nil)
            else { return [] }
            return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        }.sorted { $0.path < $1.path }
    }

    @Test("No string literal in the libraries below the CLI names an option or a command")
    func librariesAreNeutral() throws {
        let files = Self.sourceFiles()
        #expect(files.count > 50, "only \(files.count) files found under \(Self.repoRoot.path)")
        #expect(files.contains { $0.path.hasSuffix("Sources/CoachStore/StoreError.swift") })
        var found: [String] = []
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            for literal in SwiftStringLiterals(source).literals {
                if let why = Self.violation(in: literal.text) {
                    let path = file.path.replacingOccurrences(
                        of: Self.repoRoot.path + "/", with: "")
                    found.append("\(path):\(literal.line): \(why) in \"\(literal.text)\"")
                }
            }
        }
        let report = found.joined(separator: "\n")
        #expect(
            found.isEmpty,
            "front-end text in a library (word it in CoachCLI's ErrorText):\n\(report)")
    }

    @Test("No literal in the importers or the prompt builder names an option or a coach command")
    func proseIsNeutral() throws {
        let files = Self.sourceFiles(Self.proseFolders)
        #expect(files.count > 30)
        var found: [String] = []
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            for literal in SwiftStringLiterals(source).literals {
                if let why = Self.proseViolation(in: literal.text) {
                    found.append("\(SourceTree.relative(file)):\(literal.line): \(why)")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        #expect(Self.proseViolation(in: "run 'coach import FILE' again") != nil)
        #expect(Self.proseViolation(in: "pass --athlete") != nil)
        #expect(Self.proseViolation(in: "a type coach does not use") == nil)
    }

    struct Sample: Sendable, CustomTestStringConvertible {
        let source: String
        let flagged: Bool
        var testDescription: String { source }
    }

    static let samples: [Sample] = [
        .init(source: #"throw E.x("name the athlete with --athlete HANDLE")"#, flagged: true),
        .init(source: #"let s = "see 'coach athlete list'""#, flagged: true),
        .init(source: #"let s = "a \(x ? "--mood" : "y") b""#, flagged: true),
        .init(source: "let s = \"\"\"\n    run coach doctor\n    \"\"\"", flagged: true),
        .init(source: ##"let s = #"pass "--replace" now"#"##, flagged: true),
        .init(source: "/// run `coach doctor --repair`\nlet s = \"ok\"", flagged: false),
        .init(
            source:
                "let s = \"ok\" // pass --replace\n/* coach init\n /* --x */ */ let t = \"fine\"",
            flagged: false),
        .init(
            source: #"let s = "a coach —, Coach Notes, coach/1, the coach"; let n = x--"#,
            flagged: false),
        .init(source: #"let d = a - -b; let e = "\"quoted\" --""#, flagged: false),
    ]

    @Test(
        "The scan reads literals (nested, multi-line, raw) and skips comments", arguments: samples)
    func scannerSamples(sample: Sample) {
        let literals = SwiftStringLiterals(sample.source).literals
        #expect(!literals.isEmpty)
        let flagged = literals.contains { Self.violation(in: $0.text) != nil }
        #expect(flagged == sample.flagged, "\(literals)")
    }
}
