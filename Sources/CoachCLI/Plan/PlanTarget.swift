import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// `--athlete`, shared by every `coach plan` command.
struct PlanTarget: ParsableArguments {
    @Option(
        name: [.customShort("a"), .long],
        help: "The athlete (athlete users read their own plan without it).", completion: .athletes)
    var athlete: String?
}

/// One plan command's book (athlete opened once) with the accessors the commands use.
struct PlanContext {
    let book: PlanBook

    init(_ global: GlobalOptions, _ target: PlanTarget) throws {
        book = try global.session().planBook(target.athlete.map(Handle.init))
    }

    var handle: String { book.handle }
    var zone: TimeZone { book.zone }
    var today: LocalDay { book.today }
    var now: Date { book.session.now }
    /// Whether the acting user may change the plan (athlete users may not).
    var canPlan: Bool { book.session.principal.role != .athlete }

    func monday(_ text: String) throws -> LocalDay { try book.monday(text) }
    func snapshot() throws -> PlanSnapshot { try book.snapshot() }

    /// Warns on stderr (never in `--json`'s output) for each session that loads a muscle group
    /// the athlete rated sore in the 48 hours before it (`SoreMuscleWarning`).
    func warnSore(_ sessions: [PlannedSession]) throws {
        for w in try book.soreWarnings(sessions) {
            Terminal.note(PlanRender.soreWarning(w, athlete: handle))
        }
    }

    /// Prints `value` as the JSON object of `shape` or `text()` as text.
    func emit<T: Encodable>(_ value: T, shape: String, json: Bool, text: () -> String) throws {
        print(json ? try Render.json(value, shape: shape) : Render.fitLines(text()))
    }

    /// Prints `values` as the JSON list of `shape` under `key`, or `text()` as text.
    func emit<T: Encodable>(
        _ values: [T], shape: String, key: String, json: Bool, text: () -> String
    ) throws {
        print(json ? try Render.json(values, shape: shape, key: key) : Render.fitLines(text()))
    }
}
