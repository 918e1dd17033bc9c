import CoachKit
import CoachMetrics
import CoachPrompt
import CoachStore
import Foundation

extension AppSession {
    /// The audit action of an export.
    public static let promptExportAction = "prompt.export"

    /// Exports one athlete's context for an AI assistant, and records it in the audit log.
    ///
    /// Checks the athlete's AI consent first; then loads the dataset and plan once, renders the
    /// sections the options ask for (redacted by default, trimmed to the budget) and appends an
    /// audit entry naming the export, its sections and whether it was redacted. Nothing is
    /// returned unless the entry was written.
    ///
    /// - Parameters:
    ///   - handle: the athlete (nil for an athlete user's own).
    ///   - options: format, window, redaction, budget, question and sections.
    ///   - date: the day to export as of (a day expression; nil for today).
    ///   - via: the front end, when not the command line, recorded in the audit entry.
    /// - Throws: `PromptError.consentMissing` without consent; `PromptError` for bad options or a
    ///   budget too small; `AppError`/`StoreError` when the athlete cannot be opened.
    public func exportPrompt(
        _ handle: Handle?, options: PromptOptions, date: String? = nil,
        via: String? = nil
    ) throws -> PromptExport {
        try options.validate()
        return try exportPrompt(for: try athlete(handle), options: options, date: date, via: via)
    }

    /// `exportPrompt` for an athlete the command opened already: the dataset, the plan and the
    /// audit entry all go through the keys opened then.
    public func exportPrompt(
        for athlete: AthleteAccess, options: PromptOptions, date: String? = nil,
        via: String? = nil
    ) throws -> PromptExport {
        try options.validate()
        let view = try athleteView(of: athlete, date: date, registry: .builtins)
        guard view.athlete.profile.aiConsent else {
            throw PromptError.consentMissing(athlete: view.athlete.profile.handle)
        }
        let plan = try workspace.planSnapshot(of: athlete)
        let athleteRef = PromptReference.athlete(view.athlete.id)
        let exportRef = PromptReference.export(
            athleteRef: athleteRef, day: view.moment.day, options: options)
        let input = try PromptInputMaker.make(
            evaluation: view.evaluation,
            weeks: PromptInputMaker.weeks(plan, today: view.moment.day),
            moment: view.moment,
            days: options.days, athleteRef: athleteRef, exportRef: exportRef)
        let export = try PromptExport.make(input, options: options)
        let target =
            "export=\(exportRef) sections="
            + export.sections.map { "\($0.rawValue)" }.joined(separator: ",")
            + " redacted=\(options.redact ? "yes" : "no") format=\(options.format.rawValue)"
            + " tokens=\(export.tokens)"
            + (via.map { " via=\($0)" } ?? "")
        try workspace.recordEvent(action: Self.promptExportAction, for: athlete, target: target)
        return export
    }

    /// Opens the athlete whose reference (`PromptReference.athlete`) is `ref`, among those the
    /// user holds: the references are computed from the held ids, and only the athlete found is
    /// opened (no other profile is decrypted).
    ///
    /// - Returns: the athlete, or nil when no athlete the user holds has that reference.
    /// - Throws: `StoreError` when the grant of the athlete found was tampered with.
    public func athlete(ref: String) throws -> AthleteAccess? {
        guard
            let id = try workspace.heldAthleteIds(as: principal).first(where: {
                PromptReference.athlete($0) == ref
            })
        else { return nil }
        return try workspace.openAthlete(id: id, as: principal)
    }
}
