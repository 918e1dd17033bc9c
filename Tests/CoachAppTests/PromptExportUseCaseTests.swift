import CoachApp
import CoachKit
import CoachPrompt
import CoachStore
import CoachTestSupport
import Foundation
import Testing

/// `prompt export` in process: consent, redaction on and off, the sections asked for, the
/// token budget, the audit entry of every export, and bad options as typed `PromptError`s.
@Suite struct PromptExportUseCaseTests {
    static let zed = ConsentingAthlete.handle

    static func options(
        _ format: PromptOptions.Format = .markdown, days: Int = 30, redact: Bool = true
    ) -> PromptOptions {
        var o = PromptOptions()
        o.format = format
        o.days = days
        o.redact = redact
        return o
    }

    @Test(
        "A redacted export leaks none of the canaries, in every format",
        arguments: PromptOptions.Format.allCases)
    func redacted(format: PromptOptions.Format) throws {
        let s = try ConsentingAthlete.sandbox()
        let export = try s.session().exportPrompt(Self.zed, options: Self.options(format))
        #expect(export.document.redacted)
        #expect(export.text.contains("Athlete 1"))
        for c in Canary.all + Canary.fragments {
            #expect(!export.text.contains(c), "\(format) export leaked '\(c)'")
        }
    }

    @Test("Without redaction the export says so and carries the private texts")
    func unredacted() throws {
        let s = try ConsentingAthlete.sandbox()
        let export = try s.session().exportPrompt(Self.zed, options: Self.options(redact: false))
        #expect(!export.document.redacted)
        #expect(export.text.split(separator: "\n").prefix(3).joined().contains("NOT REDACTED"))
        for c in [Canary.name, Canary.email, Canary.location, Canary.workoutTitle] {
            #expect(export.text.contains(c), "the unredacted export lacks '\(c)'")
        }
    }

    @Test("Sections asked for come with 1, 3 and 8; the same options give the same bytes")
    func sectionsAndAudit() throws {
        let s = try ConsentingAthlete.sandbox()
        let session = try s.session()
        let before = try session.auditEntries(athlete: Self.zed).count
        var o = Self.options(.chat, redact: false)
        o.sections = [.plan, .gaps]
        let a = try session.exportPrompt(Self.zed, options: o)
        #expect(a.sections == [.role, .today, .plan, .gaps, .question])
        let b = try session.exportPrompt(Self.zed, options: o)
        #expect(a.text == b.text && !a.text.isEmpty)
        let entries = try session.auditEntries(athlete: Self.zed).filter {
            $0.action == AppSession.promptExportAction
        }
        #expect(try session.auditEntries(athlete: Self.zed).count == before + 2)
        #expect(entries.count == 2)
        let named = entries.filter {
            ($0.targetId ?? "").contains("sections=1,3,5,7,8 redacted=no format=chat")
                && $0.actor == "olivia"
        }
        #expect(named.count == 2)
    }

    @Test("A budget is held with sections 1, 3 and 8 intact and the cuts named")
    func budget() throws {
        let s = try ConsentingAthlete.sandbox()
        let session = try s.session()
        var o = Self.options(.json, days: 60)
        let full = try session.exportPrompt(Self.zed, options: o)
        o.maxTokens = full.tokens / 2
        let cut = try session.exportPrompt(Self.zed, options: o)
        #expect(cut.tokens <= full.tokens / 2 && !cut.document.trimmed.isEmpty)
        #expect(cut.document.maxTokens == full.tokens / 2)
        for section in [PromptSection.role, .today, .question] {
            // The export reference differs (the budget is part of the options); nothing else may.
            let a = try Self.json(cut.document.body(section))
            let b = try Self.json(full.document.body(section))
                .replacingOccurrences(of: full.document.exportRef, with: cut.document.exportRef)
            #expect(a == b, "section \(section.rawValue) changed under the budget")
        }
    }

    static func json(_ body: PromptSectionBody?) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = .sortedKeys
        return String(decoding: try e.encode(try #require(body)), as: UTF8.self)
    }

    @Test("Too small a budget, a bad window and no consent are typed failures")
    func refusals() throws {
        let s = try ConsentingAthlete.sandbox()
        let session = try s.session()
        var tiny = Self.options()
        tiny.maxTokens = 50
        let below = #expect(
            throws: PromptError.optionOutOfRange(option: "max tokens", range: "200–1000000")
        ) { try session.exportPrompt(Self.zed, options: tiny) }
        #expect(below?.category == .usage)
        tiny.maxTokens = 200
        let small = #expect(throws: PromptError.self) {
            try session.exportPrompt(Self.zed, options: tiny)
        }
        if case .budgetTooSmall(let needed, let budget) = small {
            #expect(budget == 200 && needed > 200)
        } else {
            Issue.record("expected budgetTooSmall, got \(String(describing: small))")
        }
        #expect(small?.category == .usage)
        let window = #expect(throws: PromptError.self) {
            try session.exportPrompt(Self.zed, options: Self.options(days: 0))
        }
        #expect(window?.category == .usage)
        let consent = #expect(throws: PromptError.consentMissing(athlete: "jane")) {
            try session.exportPrompt(Handle("jane"), options: Self.options())
        }
        #expect(consent?.category == .permission)
        // A coach may not give consent for an athlete; the owner may.
        let coach = try s.session(as: "carl")
        let denied = #expect(throws: StoreError.self) {
            try coach.editAthlete(Handle("jane")) { $0.aiConsent = true }
        }
        #expect(denied?.category == .permission)
        try session.editAthlete(Handle("jane")) { $0.aiConsent = true }
        #expect(try session.exportPrompt(Handle("jane"), options: Self.options()).tokens > 0)
    }
}
