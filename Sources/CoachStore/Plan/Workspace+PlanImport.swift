import CoachCrypto
import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// Imports weeks from a plan file, all or nothing.
    ///
    /// Without `replace` the file adds and updates: its sessions are added to the stored week of
    /// their Monday (or replace the stored session of the same id), and what the file does not
    /// list stays. With `replace` each week of the file replaces the stored week of the same
    /// Monday (title, notes and its whole list of sessions), and the summary lists the sessions
    /// that go. Weeks the file does not name stay as they are either way. Sessions keep the
    /// file's ids; rows without an id get a fresh one, and an id that lives in another stored week
    /// moves from there. With `dryRun` the same changes are computed and nothing is written.
    ///
    /// - Parameters:
    ///   - weeks: validated weeks from `PlanCSV.parse` or `PlanDocument.parse`.
    /// - Returns: what changed, or would change.
    /// - Throws: `StoreError.permissionDenied` for athlete users, `StoreError.invalidData` for a
    ///   bad week, `StoreError.retiredEpoch` when the athlete's key was rotated since it was
    ///   opened.
    public func importPlan(
        _ weeks: [ProgramWeek], into athlete: AthleteAccess, dryRun: Bool, replace: Bool
    ) throws -> PlanImportSummary {
        let actor = athlete.actor, athleteId = athlete.id.rawValue
        try requirePlanner(actor)
        let body = { (db: Database) throws -> PlanImportSummary in
            let keyring = dryRun ? athlete.keyring : try self.writingKeyring(db, athlete)
            let stored = try self.loadWeeks(db, keyring: keyring)
            let (changed, summary) = self.merge(
                weeks, into: stored, dryRun: dryRun, replace: replace)
            if !dryRun {
                for week in changed {
                    try self.storeWeek(db, keyring: keyring, week, actor: actor, action: nil)
                }
                try self.appendAudit(
                    db, actor: actor, action: "plan.import", athleteId: athleteId,
                    target:
                        "\(summary.weeksCreated.count + summary.weeksReplaced.count + summary.weeksUpdated.count) weeks"
                )
            }
            return summary
        }
        return dryRun ? try read(body) : try write(body)
    }

    /// The stored weeks that change when `incoming` is merged into `stored`, and a summary;
    /// `replace` drops the sessions of a named week that `incoming` does not list.
    func merge(
        _ incoming: [ProgramWeek], into stored: [ProgramWeek], dryRun: Bool, replace: Bool = true
    ) -> (
        [ProgramWeek], PlanImportSummary
    ) {
        var summary = PlanImportSummary(dryRun: dryRun)
        // One incoming week per Monday (a JSON file may split a week).
        var byMonday: [LocalDay: ProgramWeek] = [:]
        for w in incoming {
            if var existing = byMonday[w.start] {
                existing.sessions += w.sessions
                existing.title = existing.title ?? w.title;
                existing.notes = existing.notes ?? w.notes
                byMonday[w.start] = existing
            } else {
                byMonday[w.start] = w
            }
        }
        var result = stored
        var touched = Set<Int>()
        var takenSessions = Set(
            stored.flatMap { $0.sessions.map(\.id) } + incoming.flatMap { $0.sessions.map(\.id) })
        var takenWeeks = Set(stored.map(\.id))
        let allIncoming = Set(incoming.flatMap { $0.sessions.map(\.id) })
        let oldSessions = Dictionary(
            stored.flatMap(\.sessions).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for monday in byMonday.keys.sorted() {
            var week = byMonday[monday]!
            for k in week.sessions.indices where week.sessions[k].id.isEmpty {
                week.sessions[k].id = PlanID.make(
                    random: { self.random.bytes(8) }, taken: takenSessions)
                takenSessions.insert(week.sessions[k].id)
            }
            let incomingIDs = Set(week.sessions.map(\.id))
            // Sessions of the file that live in another stored week move out of it.
            for (i, other) in result.enumerated() where other.start != monday {
                let kept = other.sessions.filter { !incomingIDs.contains($0.id) }
                if kept.count != other.sessions.count {
                    result[i].sessions = kept; touched.insert(i)
                }
            }
            for s in week.sessions {
                if let old = oldSessions[s.id] {
                    if old == s {
                        summary.sessionsUnchanged += 1
                    } else {
                        summary.sessionsChanged += 1
                    }
                } else {
                    summary.sessionsAdded += 1
                }
            }
            if let i = result.firstIndex(where: { $0.start == monday }) {
                let unlisted = result[i].sessions.filter { !allIncoming.contains($0.id) }
                if replace {
                    summary.sessionsRemoved += unlisted.count
                    summary.removed += unlisted
                    summary.weeksReplaced.append(monday.description)
                } else {
                    summary.sessionsKept += unlisted.count
                    week.sessions = unlisted + week.sessions
                    week.title = week.title ?? result[i].title
                    week.notes = week.notes ?? result[i].notes
                    summary.weeksUpdated.append(monday.description)
                }
                week.id = result[i].id
                result[i] = week
                touched.insert(i)
            } else {
                // A week id of the file is the record's id, in the clear: one not of coach's
                // own random or hashed shapes (`ImportedIds.keeps`) could say something about
                // the athlete, so it gets a fresh one (weeks are matched by their Monday).
                if week.id.isEmpty || takenWeeks.contains(week.id) || !ImportedIds.keeps(week.id) {
                    week.id = PlanID.make(
                        prefix: "w", random: { self.random.bytes(8) }, taken: takenWeeks)
                }
                takenWeeks.insert(week.id)
                result.append(week)
                touched.insert(result.count - 1)
                summary.weeksCreated.append(monday.description)
            }
        }
        return (touched.sorted().map { result[$0] }, summary)
    }
}
