import CoachCrypto
import Foundation
import GRDB

/// One signed-in user's marks on this machine, for the length of one command: checked against
/// the workspace file at sign-in (`MarksMirror+SignIn.swift`) and rewritten after every
/// transaction that changed what the user remembers.
///
/// Shared by the copies of the user's `Principal` and touched from GRDB's commit hooks, hence a
/// class; `marks` and `pending` are only touched under `lock`, which is why the
/// `@unchecked Sendable` is safe.
final class MarksMirror: @unchecked Sendable {
    let keeper: any MarksKeeper
    let workspaceId: String
    let userId: String
    private let key: SecretKey
    private let random: any RandomSource
    private let lock = NSLock()
    /// The marks as last written (or read).
    private var marks: LocalMarks
    /// The user's state as stored by the open transaction, waiting for its commit.
    private var pending: UserState?
    /// What the sign-in found rolled back, when the keeper only reports it.
    private var found: StoreError?

    /// What the sign-in found rolled back (only when the keeper reports instead of refusing).
    var rollback: StoreError? { lock.withLock { found } }

    init(
        keeper: any MarksKeeper, workspaceId: String, userId: String, key: SecretKey,
        random: any RandomSource
    ) {
        self.keeper = keeper
        self.workspaceId = workspaceId
        self.userId = userId
        self.key = key
        self.random = random
        marks = LocalMarks()
    }

    /// Where the marks are kept, for messages.
    var location: String { keeper.location(workspaceId: workspaceId, userId: userId) }

    /// Replaces the kept marks with `next`.
    func save(_ next: LocalMarks) throws {
        lock.withLock { marks = next }
        try keeper.save(
            try next.sealed(workspaceId: workspaceId, userId: userId, key: key, random: random),
            workspaceId: workspaceId, userId: userId)
    }

    /// Records what the sign-in found rolled back; nothing is written afterwards, so the
    /// marks stay as they were.
    func report(_ problem: StoreError) {
        lock.withLock { found = problem }
    }

    /// Takes `current` as the kept marks without writing them (they are already kept).
    func adopt(_ current: LocalMarks) {
        lock.withLock { marks = current }
    }

    /// Notes that the open transaction stored the user's `state`; once it commits, the marks
    /// are raised to it and written (once per transaction, whatever the number of updates).
    ///
    /// Writing happens after the commit, so the marks never run ahead of the file; a failed
    /// write leaves the older marks, which only weakens the check until the next sign-in
    /// writes them again.
    func stateStored(_ state: UserState, in db: Database) {
        let first = lock.withLock {
            defer { pending = state }
            return pending == nil
        }
        guard first else { return }
        db.afterNextTransaction(
            onCommit: { [self] _ in
                let next = lock.withLock { () -> LocalMarks? in
                    guard let state = pending else { return nil }
                    pending = nil
                    var next = marks
                    next.absorb(state)
                    return next == marks ? nil : next
                }
                if let next, rollback == nil { try? save(next) }
            },
            onRollback: { [self] _ in lock.withLock { pending = nil } })
    }
}
