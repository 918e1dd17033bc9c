import Foundation
import GRDB

/// What a workspace file holds as far as a restore is concerned, read without a sign-in and
/// without writing: which workspace it is and how far its audit log goes.
///
/// A restore compares the backup's summary with the workspace's: the workspace's audit
/// entries after the backup's last one are the changes the restore takes back.
public struct WorkspaceFileSummary: Sendable, Equatable {
    /// The workspace id the file was created with.
    public let workspaceId: String?
    /// The sequence number of the last audit entry (0 for none): how many changes it holds.
    public let lastEntry: Int64
    /// When the last audited change was made, as the audit log records it (ISO 8601).
    public let lastChange: String?

    /// Reads the summary of the workspace file at `path`, read-only.
    ///
    /// - Throws: `StoreError.notAWorkspace` for a file that is not a workspace;
    ///   `.workspaceMissing` and the other open errors as opening it would.
    public static func read(_ path: String) throws -> WorkspaceFileSummary {
        guard FileManager.default.fileExists(atPath: path) else {
            throw StoreError.workspaceMissing(path)
        }
        do {
            let queue = try DatabaseQueue(
                path: path, configuration: Workspace.configuration(readOnly: true))
            return try queue.read { db in
                guard try db.tableExists("meta"),
                    try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'format'")
                        == Schema.formatTag
                else { throw StoreError.notAWorkspace(path) }
                let id = try String.fetchOne(
                    db, sql: "SELECT value FROM meta WHERE key = 'workspace_id'")
                let last = try Row.fetchOne(db, sql: AuditTable.lastSeqAndTime)
                return WorkspaceFileSummary(
                    workspaceId: id, lastEntry: last?["seq"] ?? 0, lastChange: last?["time"])
            }
        } catch let error as DatabaseError {
            throw Workspace.mapOpenError(error, path: path)
        }
    }
}
