import CoachCrypto
import CoachKit
import CoachLocal
import Foundation
import GRDB

/// One signed-in user's marks on this machine, for the length of one command: checked against
/// the workspace file at sign-in (`MarksMirror+SignIn.swift`) and rewritten after every
/// transaction that changed what the user remembers.
///
/// Shared by the copies of the user's `Principal` and touched from GRDB's commit hooks, hence a
/// class whose changing parts live in one lock box.
final class MarksMirror: Sendable {
    let keeper: any MarksKeeper
    let workspaceId: String
    let userId: String
    private let key: SecretKey
    private let random: any RandomSource

    private struct Held {
        /// The marks as last written (or read).
        var marks = LocalMarks()
        /// The user's state as stored by the open transaction, waiting for its commit.
        var pending: UserState?
        /// What the sign-in found rolled back, when the keeper only reports it.
        var found: StoreError?
    }

    private let held = LockedValue(Held())

    /// What the sign-in found rolled back (only when the keeper reports instead of refusing).
    var rollback: StoreError? { held.withLock { $0.found } }

    init(
        keeper: any MarksKeeper, workspaceId: String, userId: String, key: SecretKey,
        random: any RandomSource
    ) {
        self.keeper = keeper
        self.workspaceId = workspaceId
        self.userId = userId
        self.key = key
        self.random = random
    }

    /// Where the marks are kept, for messages.
    var location: String { keeper.location(workspaceId: workspaceId, userId: userId) }

    /// Replaces the kept marks with `next`.
    func save(_ next: LocalMarks) throws {
        held.withLock { $0.marks = next }
        let sealed = try next.sealed(
            workspaceId: workspaceId, userId: userId, key: key, random: random)
        try StoreError.local {
            try keeper.save(sealed, workspaceId: workspaceId, userId: userId)
        }
    }

    /// Records what the sign-in found rolled back; nothing is written afterwards, so the
    /// marks stay as they were.
    func report(_ problem: StoreError) {
        held.withLock { $0.found = problem }
    }

    /// The counter of the last owner log reset the user took on this machine.
    var logResets: UInt64 { held.withLock { $0.marks.logResets } }

    /// Takes `current` as the kept marks without writing them (they are already kept).
    func adopt(_ current: LocalMarks) {
        held.withLock { $0.marks = current }
    }

    /// Changes the kept marks with `change` and writes them when they changed (nothing once
    /// the sign-in found a rollback it only reports).
    func update(_ change: (inout LocalMarks) -> Void) {
        let next = held.withLock { held -> LocalMarks? in
            var next = held.marks
            change(&next)
            return next == held.marks ? nil : next
        }
        if let next, rollback == nil { try? save(next) }
    }

    /// Notes that the open transaction stored the user's `state`; once it commits, the marks
    /// are raised to it and written (once per transaction, whatever the number of updates).
    ///
    /// Writing happens after the commit, so the marks never run ahead of the file; a failed
    /// write leaves the older marks, which only weakens the check until the next sign-in
    /// writes them again.
    func stateStored(_ state: UserState, in db: Database) {
        let first = held.withLock { held -> Bool in
            let first = held.pending == nil
            held.pending = state
            return first
        }
        guard first else { return }
        db.afterNextTransaction(
            onCommit: { [self] _ in
                let next = held.withLock { held -> LocalMarks? in
                    guard let state = held.pending else { return nil }
                    held.pending = nil
                    var next = held.marks
                    next.absorb(state)
                    return next == held.marks ? nil : next
                }
                if let next, rollback == nil { try? save(next) }
            },
            onRollback: { [self] _ in held.withLock { $0.pending = nil } })
    }
}
