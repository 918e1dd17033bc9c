import CoachApp
import CoachKit
import CoachPrompt
import CoachTestSupport
import Foundation
import Testing

/// `plan apply` in process: an assistant's reply to an export is applied and the plan read
/// back; replies that are not for this athlete, change the past or are invalid are refused as
/// typed `PromptError`s with nothing written.
@Suite struct PlanApplyUseCaseTests {
    /// The sandbox, an owner session and zed's JSON export.
    static func scene() throws -> (WorkspaceSandbox, AppSession, PromptDocument) {
        let s = try ConsentingAthlete.sandbox()
        let session = try s.session()
        var options = PromptOptions()
        options.format = .json
        let export = try session.exportPrompt(ConsentingAthlete.handle, options: options)
        return (s, session, export.document)
    }

    static func reply(_ d: PromptDocument, days: [String] = ["2026-11-23"]) -> String {
        ConsentingAthlete.reply(athleteRef: d.athleteRef, exportRef: d.exportRef, days: days)
    }

    /// zed's plan as (day, title, origin), in order.
    static func plan(_ session: AppSession) throws -> [String] {
        try session.planBook(ConsentingAthlete.handle).snapshot().weeks.flatMap(\.sessions).map {
            "\($0.date) \($0.title) \($0.origin)"
        }
    }

    @Test("A reply with prose is a diff on a dry run, then applied as AI-suggested and read back")
    func apply() throws {
        let (s, session, doc) = try Self.scene()
        defer { withExtendedLifetime(s) {} }
        let prose = "Sure! Here is the plan:\n```json\n" + Self.reply(doc) + "\n```\nLet me know."
        let before = try Self.plan(session)
        let audit = try session.auditEntries(athlete: ConsentingAthlete.handle).count
        let dry = try session.applySuggestedPlan(
            prose, athlete: ConsentingAthlete.handle, dryRun: true)
        #expect(dry.dryRun && dry.stored == nil && dry.exportRef == doc.exportRef)
        #expect(dry.days.map(\.date) == [ConsentingAthlete.monday])
        #expect(dry.days.first?.removed.map(\.title) == ["Long ride"])
        #expect(dry.days.first?.added.map(\.title) == ["Easy spin"])
        #expect(dry.days.first?.added.map(\.origin) == [.ai])
        #expect(try Self.plan(session) == before)
        #expect(try session.auditEntries(athlete: ConsentingAthlete.handle).count == audit)
        let done = try session.applySuggestedPlan(
            prose, athlete: ConsentingAthlete.handle, dryRun: false)
        #expect(!done.dryRun && done.stored != nil && done.athlete == "zed")
        let after = try session.planBook(ConsentingAthlete.handle).snapshot()
        let monday = try #require(after.week(at: ConsentingAthlete.monday))
        #expect(monday.sessions.map(\.title) == ["Easy spin"])
        #expect(monday.sessions.map(\.origin) == [.ai])
        #expect(monday.sessions.first?.plannedDurationS == 3600)
        #expect(try Self.plan(session).first == before.first)  // the done Friday run stays
        let actions = try session.auditEntries(athlete: ConsentingAthlete.handle).map(\.action)
        #expect(actions.filter { $0 == AppSession.planApplyAction }.count == 1)
    }

    @Test("A reply made from zed's export is refused for another athlete, dry run or not")
    func otherAthlete() throws {
        let (s, session, doc) = try Self.scene()
        defer { withExtendedLifetime(s) {} }
        for dryRun in [true, false] {
            #expect(throws: PromptError.replyForAnotherAthlete) {
                try session.applySuggestedPlan(
                    Self.reply(doc), athlete: Handle("jane"), dryRun: dryRun)
            }
        }
        #expect(try session.planBook(Handle("jane")).snapshot().weeks.isEmpty)
    }

    /// A refused reply and what it must be refused as.
    struct Refusal: Sendable, CustomTestStringConvertible {
        let name: String
        let text: @Sendable (PromptDocument) -> String
        let check: @Sendable (PromptError) -> Bool
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(
            name: "overwrites a done session", text: { reply($0, days: ["2026-11-20"]) },
            check: { $0 == .replyOverwritesDone(day: "2026-11-20", title: "Morning run") }),
        Refusal(
            name: "plans a past day", text: { reply($0, days: ["2026-11-19"]) },
            check: { $0 == .replyPastDay("2026-11-19") }),
        Refusal(
            name: "has an unknown sport",
            text: { reply($0).replacingOccurrences(of: "cycling", with: "golf") },
            check: {
                guard case .replyInvalid(let path, _) = $0 else { return false }
                return path.contains("sessions[0].sport")
            }),
        Refusal(
            name: "holds two objects", text: { reply($0) + "\n" + reply($0) },
            check: { $0 == .replyObjectCount(2) }),
        Refusal(
            name: "names an export never made",
            text: { reply($0).replacingOccurrences(of: "exp_", with: "exp_0") },
            check: {
                guard case .replyUnknownExport(let ref) = $0 else { return false }
                return ref.hasPrefix("exp_0")
            }),
    ]

    @Test("Refused replies are typed failures and write nothing", arguments: refusals)
    func refused(_ refusal: Refusal) throws {
        let (s, session, doc) = try Self.scene()
        defer { withExtendedLifetime(s) {} }
        let before = try Self.plan(session)
        let audit = try session.auditEntries(athlete: ConsentingAthlete.handle).count
        let error = #expect(throws: PromptError.self) {
            try session.applySuggestedPlan(
                refusal.text(doc), athlete: ConsentingAthlete.handle, dryRun: false)
        }
        #expect(error.map(refusal.check) == true, "\(String(describing: error))")
        #expect(error?.category == .conflict || error?.category == .invalidData)
        #expect(try Self.plan(session) == before)
        #expect(try session.auditEntries(athlete: ConsentingAthlete.handle).count == audit)
    }
}
