import CoachKit
import CoachPrompt
import CoachStore
import Foundation

extension AppSession {
    /// The audit action of an applied suggested plan.
    public static let planApplyAction = "plan.apply"

    /// Validates an assistant's reply and applies its sessions to the athlete's plan, marked
    /// AI-suggested; with `dryRun` only reports the changes.
    ///
    /// Each day the reply lists replaces that day's planned sessions. All or nothing: the reply
    /// is refused, with nothing written, when it is not exactly one valid object, was made for
    /// another athlete or from an export the audit log does not show for this athlete, lists a
    /// day before today, or would replace a session already done.
    ///
    /// - Parameters:
    ///   - text: the reply: the JSON object alone or with prose around it.
    ///   - handle: the athlete (nil for an athlete user's own).
    ///   - dryRun: compute and return the changes without writing.
    /// - Throws: `PromptError` for a refused reply; `StoreError` when the user may not plan.
    public func applySuggestedPlan(
        _ text: String, athlete handle: Handle?, dryRun: Bool
    ) throws -> PlanApplyResult {
        let plan = try SuggestedPlan.parse(text)
        return try applySuggestedPlan(plan, book: try planBook(handle), dryRun: dryRun)
    }

    /// `applySuggestedPlan` of a parsed reply, in a book whose athlete is opened already.
    private func applySuggestedPlan(_ plan: SuggestedPlan, book: PlanBook, dryRun: Bool) throws
        -> PlanApplyResult
    {
        guard plan.athleteRef == PromptReference.athlete(book.athleteID) else {
            throw PromptError.replyForAnotherAthlete
        }
        let exported = try workspace.auditEntries(athleteId: book.athleteID, as: principal).contains
        {
            $0.action == Self.promptExportAction && $0.athleteId == book.athleteID.rawValue
                && ($0.targetId ?? "").hasPrefix("export=\(plan.exportRef) ")
        }
        guard exported else { throw PromptError.replyUnknownExport(plan.exportRef) }
        let snapshot = try book.snapshot()
        let assessed = PlanReport.assess(snapshot, today: book.today)
        var weeks: [LocalDay: ProgramWeek] = [:]
        var changes: [PlanApplyResult.DayChange] = []
        let titles = Dictionary(
            plan.weeks.map { ($0.start, $0.title) }, uniquingKeysWith: { a, _ in a })
        for day in plan.days {
            guard day.date >= book.today else {
                throw PromptError.replyPastDay(day.date.description)
            }
            let monday = day.date.monday
            var week =
                weeks[monday] ?? snapshot.week(at: monday)
                ?? ProgramWeek(id: "", start: monday, title: titles[monday] ?? nil)
            let existing = week.sessions.filter { $0.date == day.date }
            for s in existing
            where s.linkedWorkout != nil || assessed[s.id].map({ !$0.missed }) == true {
                throw PromptError.replyOverwritesDone(day: day.date.description, title: s.title)
            }
            let added = plan.plannedSessions(day)
            week.sessions.removeAll { $0.date == day.date }
            week.sessions += added
            weeks[monday] = week
            changes.append(
                PlanApplyResult.DayChange(date: day.date, removed: existing, added: added))
        }
        var stored: PlanImportSummary?
        if !dryRun {
            let count = changes.map(\.added.count).reduce(0, +)
            stored = try workspace.applyPlan(
                weeks.keys.sorted().map { weeks[$0]! }, to: book.athlete,
                action: Self.planApplyAction,
                target: "export=\(plan.exportRef) days=\(changes.count) sessions=\(count)")
        }
        return PlanApplyResult(
            athlete: book.handle, exportRef: plan.exportRef, summary: plan.summary,
            days: changes, dryRun: dryRun, stored: stored)
    }

    /// Checks a suggested plan as `applySuggestedPlan` does and returns the changes it would
    /// make, writing no plan; the check itself is recorded as a `plan.propose` audit entry
    /// (for front ends that may read but never write a plan, such as an MCP server).
    ///
    /// - Throws: as `applySuggestedPlan`.
    public func proposeSuggestedPlan(
        _ text: String, athlete handle: Handle?
    ) throws -> PlanApplyResult {
        let plan = try SuggestedPlan.parse(text)
        return try proposeSuggestedPlan(plan, book: try planBook(handle))
    }

    /// `proposeSuggestedPlan` for an athlete the command opened already.
    public func proposeSuggestedPlan(_ text: String, for athlete: AthleteAccess) throws
        -> PlanApplyResult
    {
        let plan = try SuggestedPlan.parse(text)
        return try proposeSuggestedPlan(plan, book: planBook(of: athlete))
    }

    private func proposeSuggestedPlan(_ plan: SuggestedPlan, book: PlanBook) throws
        -> PlanApplyResult
    {
        let result = try applySuggestedPlan(plan, book: book, dryRun: true)
        try workspace.recordEvent(
            action: "plan.propose", for: book.athlete,
            target: "export=\(result.exportRef) days=\(result.days.count)")
        return result
    }
}
