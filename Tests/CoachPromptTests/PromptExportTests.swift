import CoachKit
import CoachPrompt
import CoachTestSupport
import Foundation
import Testing

/// The renderer on a fixed input: golden files per format, redaction, the chat shape, and the
/// audit-relevant facts (sections, references).
@Suite struct PromptExportTests {
    static func options(_ format: PromptOptions.Format, redact: Bool = true) -> PromptOptions {
        var o = PromptOptions()
        o.format = format
        o.days = 7
        o.redact = redact
        o.question = "Should she race on Sunday?"
        return o
    }

    /// Compares `text` with the golden file `name`; `UPDATE_GOLDEN=1` rewrites it.
    static func expectGolden(
        _ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = PromptFixtures.fixtures.appendingPathComponent("golden/" + name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: url)
        }
        let golden = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(
            text == golden,
            "export differs from \(name); rerun with UPDATE_GOLDEN=1 after checking the diff",
            sourceLocation: sourceLocation)
    }

    @Test("Markdown export matches its golden file")
    func goldenMarkdown() throws {
        let e = try PromptExport.make(try PromptFixtures.input(), options: Self.options(.markdown))
        try Self.expectGolden(e.text, "PromptExportTests.goldenMarkdown.md")
    }

    @Test("JSON export matches its golden file")
    func goldenJSON() throws {
        let e = try PromptExport.make(try PromptFixtures.input(), options: Self.options(.json))
        try Self.expectGolden(e.text, "PromptExportTests.goldenJSON.json")
    }

    @Test("Chat export matches its golden file")
    func goldenChat() throws {
        let e = try PromptExport.make(try PromptFixtures.input(), options: Self.options(.chat))
        try Self.expectGolden(e.text, "PromptExportTests.goldenChat.json")
    }

    @Test(
        "The same input and options give byte-identical output",
        arguments: PromptOptions.Format.allCases)
    func deterministic(format: PromptOptions.Format) throws {
        let a = try PromptExport.make(try PromptFixtures.input(), options: Self.options(format))
            .text
        let b = try PromptExport.make(try PromptFixtures.input(), options: Self.options(format))
            .text
        #expect(a == b)
    }

    @Test(
        "A redacted export holds none of the canary strings",
        arguments: PromptOptions.Format.allCases)
    func redacted(format: PromptOptions.Format) throws {
        let e = try PromptExport.make(try PromptFixtures.input(), options: Self.options(format))
        for c in Canary.all + Canary.fragments { #expect(!e.text.contains(c), "leaked \(c)") }
        #expect(e.text.contains("Athlete 1") && e.text.contains("30–34"))
    }

    @Test("An unredacted export holds the profile and says so at the top")
    func unredacted() throws {
        let e = try PromptExport.make(
            try PromptFixtures.input(), options: Self.options(.markdown, redact: false))
        for c in Canary.all { #expect(e.text.contains(c), "missing \(c)") }
        let top = e.text.split(separator: "\n").prefix(3).joined(separator: "\n")
        #expect(top.contains("NOT REDACTED"))
    }

    @Test("Chat output is a messages array: the rules as system, the context as user")
    func chatShape() throws {
        let e = try PromptExport.make(try PromptFixtures.input(), options: Self.options(.chat))
        let messages = try #require(
            try JSONSerialization.jsonObject(with: Data(e.text.utf8)) as? [[String: String]])
        #expect(messages.map { $0["role"] } == ["system", "user"])
        #expect(messages[0]["content"]?.hasPrefix("## 1. Role and rules") == true)
        let user = try #require(messages[1]["content"])
        for n in 2...8 { #expect(user.contains("## \(n). ")) }
        #expect(user.contains("Should she race on Sunday?"))
    }

    @Test("Every section states its source; the schema pins both references")
    func sourcesAndSchema() throws {
        let e = try PromptExport.make(try PromptFixtures.input(), options: Self.options(.json))
        #expect(e.sections == PromptSection.allCases)
        for s in e.document.sections {
            #expect(!s.source.isEmpty, "section \(s.number) has no source")
        }
        guard case .object(let schema) = e.document.responseSchema,
            case .object(let props)? = schema["properties"]
        else {
            Issue.record("schema is not an object")
            return
        }
        #expect(props["athlete_ref"] == .object(["const": .string("ath_00000000000000000001")]))
        #expect(props["export_ref"] == .object(["const": .string("exp_00000000000000000001")]))
    }

    @Test("Sections left out on request are named, and 1, 3 and 8 stay")
    func include() throws {
        var o = Self.options(.markdown)
        o.sections = [.plan]
        let e = try PromptExport.make(try PromptFixtures.input(), options: o)
        #expect(e.sections == [.role, .today, .plan, .question])
        #expect(
            e.text.contains(
                "Left out on request: 2. Athlete; 4. Trends; 6. Recent workouts and wellness; 7. Data gaps."
            ))
    }
}
