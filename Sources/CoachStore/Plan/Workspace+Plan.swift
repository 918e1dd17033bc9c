import CoachCrypto
import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// An athlete's program weeks and workouts, through the keys the athlete was opened with.
    ///
    /// Athletes read their own plan; coaches and the owner read the athletes they hold. The
    /// profile is the one decrypted when the athlete was opened.
    public func planSnapshot(of athlete: AthleteAccess) throws -> PlanSnapshot {
        let keyring = athlete.keyring
        return try read { db in
            var weeks: [ProgramWeek] = [], workouts: [Workout] = []
            for r in try fetchRecords(db, keyring: keyring, kinds: [.week, .workout]) {
                if r.kind == .week {
                    weeks.append(try JSONCoding.decode(ProgramWeek.self, from: r.payload))
                } else {
                    workouts.append(try JSONCoding.decode(Workout.self, from: r.payload))
                }
            }
            return PlanSnapshot(
                athleteId: athlete.id, profile: athlete.profile, weeks: Self.sorted(weeks),
                workouts: workouts)
        }
    }

    /// Creates the week starting on `monday` if missing, and sets its title and notes when given.
    ///
    /// - Returns: the week as stored.
    /// - Throws: `StoreError.permissionDenied` for athlete users.
    public func saveWeek(
        for athlete: AthleteAccess, monday: LocalDay, title: String?, notes: String?
    ) throws -> ProgramWeek {
        let actor = athlete.actor
        try requirePlanner(actor)
        return try write { db in
            let keyring = try writingKeyring(db, athlete)
            let weeks = try loadWeeks(db, keyring: keyring)
            var week =
                weeks.first { $0.start == monday.monday }
                ?? ProgramWeek(id: newWeekId(weeks), start: monday)
            if let title { week.title = title.isEmpty ? nil : title }
            if let notes { week.notes = notes.isEmpty ? nil : notes }
            try storeWeek(db, keyring: keyring, week, actor: actor, action: "plan.week.save")
            return week
        }
    }

    /// Removes the week starting on `monday` with all its sessions.
    public func removeWeek(for athlete: AthleteAccess, monday: LocalDay) throws {
        let actor = athlete.actor
        try requirePlanner(actor)
        try write { db in
            let keyring = try writingKeyring(db, athlete)
            guard
                let week = try loadWeeks(db, keyring: keyring).first(where: { $0.start == monday })
            else {
                throw StoreError.weekNotFound(monday.description)
            }
            try deleteRecord(
                db, keyring: keyring, id: RecordID(week.id), actor: actor,
                action: "plan.week.remove")
        }
    }

    /// Moves a week to start on another Monday; every session keeps its weekday.
    ///
    /// - Throws: `StoreError.conflict` when a week already starts on the target Monday.
    public func moveWeek(for athlete: AthleteAccess, from: LocalDay, to: LocalDay) throws
        -> ProgramWeek
    {
        let actor = athlete.actor
        try requirePlanner(actor)
        return try write { db in
            let keyring = try writingKeyring(db, athlete)
            let weeks = try loadWeeks(db, keyring: keyring)
            guard var week = weeks.first(where: { $0.start == from }) else {
                throw StoreError.weekNotFound(from.description)
            }
            guard from != to else { return week }
            guard !weeks.contains(where: { $0.start == to }) else {
                throw StoreError.conflict(
                    "a week already starts \(to); remove it or move this week elsewhere")
            }
            let shift = from.days(to: to)
            week.start = to
            for i in week.sessions.indices {
                week.sessions[i].date = week.sessions[i].date.adding(days: shift)
            }
            try storeWeek(db, keyring: keyring, week, actor: actor, action: "plan.week.move")
            return week
        }
    }

    /// Copies a week to another Monday, for the same athlete and/or others, in one transaction.
    ///
    /// Copies get new ids, dates shifted by whole weeks, no adherence and no linked workouts, and
    /// origin `coach`. A target week that already has sessions is a conflict unless `replace`.
    /// - Parameters:
    ///   - targets: the athletes to copy to, each opened by the same user for this command
    ///     (the source athlete when empty).
    /// - Returns: the new weeks, one per target athlete.
    /// - Throws: `StoreError.permissionDenied` for athlete users or a target opened by another
    ///   user; `StoreError.retiredEpoch` when an athlete's key was rotated since it was opened.
    public func copyWeek(
        for athlete: AthleteAccess, from: LocalDay, to: LocalDay, targets: [AthleteAccess],
        replace: Bool
    ) throws -> [ProgramWeek] {
        let actor = athlete.actor
        try requirePlanner(actor)
        guard targets.allSatisfy({ $0.actor.userId == actor.userId }) else {
            throw StoreError.permissionDenied("every athlete must be opened by the same user")
        }
        let targets = targets.isEmpty ? [athlete] : targets
        if from == to, targets.contains(where: { $0.id == athlete.id }) {
            throw StoreError.weekCopiedOntoItself
        }
        return try write { db in
            let sourceRing = try writingKeyring(db, athlete)
            guard
                let source = try loadWeeks(db, keyring: sourceRing).first(where: {
                    $0.start == from
                })
            else {
                throw StoreError.weekNotFound(from.description)
            }
            var out: [ProgramWeek] = []
            for target in targets {
                let keyring =
                    target.id == athlete.id ? sourceRing : try writingKeyring(db, target)
                let weeks = try loadWeeks(db, keyring: keyring)
                let existing = weeks.first { $0.start == to }
                if let existing, !existing.sessions.isEmpty, !replace {
                    throw StoreError.weekHasSessions(monday: to.description)
                }
                var taken = Set(weeks.flatMap { $0.sessions.map(\.id) })
                var week = ProgramWeek(
                    id: existing?.id ?? newWeekId(weeks), start: to, title: source.title,
                    notes: source.notes)
                for s in source.sessions {
                    var copy = s
                    copy.id = PlanID.make(random: { self.random.bytes(8) }, taken: taken)
                    taken.insert(copy.id)
                    copy.date = s.date.adding(days: from.days(to: to))
                    copy.adherencePct = nil; copy.linkedWorkout = nil; copy.origin = .coach
                    week.sessions.append(copy)
                }
                try storeWeek(db, keyring: keyring, week, actor: actor, action: "plan.week.copy")
                out.append(week)
            }
            return out
        }
    }

    // MARK: - Shared helpers

    /// Refuses athlete users: only coaches and the owner shape plans.
    func requirePlanner(_ actor: Principal) throws {
        guard actor.isStaff else {
            throw StoreError.planChangeDenied
        }
    }

    /// Every week of the athlete, sorted.
    func loadWeeks(_ db: Database, keyring: AthleteKeyring) throws -> [ProgramWeek] {
        Self.sorted(
            try fetchRecords(db, keyring: keyring, kinds: [.week]).map {
                try JSONCoding.decode(ProgramWeek.self, from: $0.payload)
            })
    }

    /// Validates and writes one week record (its day is the Monday).
    func storeWeek(
        _ db: Database, keyring: AthleteKeyring, _ week: ProgramWeek, actor: Principal,
        action: String?
    ) throws {
        do { try PlanRules.validate(week) } catch let e as CoachKitError {
            throw StoreError.invalidData(e.localizedDescription)
        }
        var week = week
        week.sessions = week.sessions.sorted {
            ($0.date, $0.order, $0.id) < ($1.date, $1.order, $1.id)
        }
        try putRecord(
            db, keyring: keyring, id: RecordID(week.id), kind: .week, day: week.start.description,
            payload: try JSONCoding.encode(week), actor: actor, action: action)
    }

    func newWeekId(_ weeks: [ProgramWeek]) -> String {
        PlanID.make(prefix: "w", random: { self.random.bytes(8) }, taken: Set(weeks.map(\.id)))
    }

    func newSessionId(_ weeks: [ProgramWeek]) -> String {
        PlanID.make(
            random: { self.random.bytes(8) }, taken: Set(weeks.flatMap { $0.sessions.map(\.id) }))
    }

    static func sorted(_ weeks: [ProgramWeek]) -> [ProgramWeek] {
        weeks.map { w in
            var w = w
            w.sessions.sort { ($0.date, $0.order, $0.id) < ($1.date, $1.order, $1.id) }
            return w
        }.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }
}
