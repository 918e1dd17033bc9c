import Foundation
import Testing

/// The AI-coach code below the command line stays front-end neutral and deterministic.
@Suite struct PromptBoundaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    static func sources(_ folder: String) throws -> [(String, String)] {
        let base = root.appendingPathComponent(folder)
        let files = try #require(
            FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String])
        return try files.filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: base.appendingPathComponent($0), encoding: .utf8))
        }
    }

    @Test(
        "No flag names, coach commands, Date() or UUID() in CoachPrompt or the prompt use cases",
        arguments: ["Sources/CoachPrompt", "Sources/CoachApp/Prompt"])
    func neutral(folder: String) throws {
        let flag = try Regex(#""[^"\n]*--[a-z][^"\n]*""#)
        let command = try Regex(#"['`]coach [a-z]"#)
        let files = try Self.sources(folder)
        #expect(!files.isEmpty)
        for (name, text) in files {
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
                .enumerated()
            {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("///") || code.hasPrefix("//") { continue }
                #expect(line.firstMatch(of: flag) == nil, "\(name):\(i + 1) names a flag: \(code)")
                #expect(
                    line.firstMatch(of: command) == nil, "\(name):\(i + 1) names a command: \(code)"
                )
                #expect(
                    !line.contains("Date()") && !line.contains("UUID()"),
                    "\(name):\(i + 1): \(code)")
            }
        }
    }
}
