import GRDB

extension Workspace {
    /// Truncates the WAL into the main file (secure_delete has already zeroed freed pages).
    ///
    /// Waits a few seconds for readers to finish, not the usual busy timeout.
    /// - Parameter done: what was already committed, for the error.
    /// - Throws: `StoreError.checkpointIncomplete` when a reader kept the log from being
    ///   checkpointed and truncated.
    func checkpoint(after done: String) throws {
        let finished: Bool
        do {
            finished = try pool.writeWithoutTransaction { db -> Bool in
                try db.execute(sql: "PRAGMA busy_timeout = 3000")
                defer { try? db.execute(sql: "PRAGMA busy_timeout = 30000") }
                let (log, moved) = try db.checkpoint(.truncate)
                return log == moved
            }
        } catch {
            throw StoreError.checkpointIncomplete(done)
        }
        guard finished else { throw StoreError.checkpointIncomplete(done) }
    }

    /// Checkpoints and truncates the write-ahead log, for a repair after an earlier
    /// checkpoint did not finish.
    /// - Throws: `StoreError.checkpointIncomplete` when another program still holds it.
    public func finishCheckpoint() throws {
        try checkpoint(after: "nothing was changed")
    }
}
