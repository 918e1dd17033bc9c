import CoachStore
import Foundation

/// What restoring a backup over the workspace would mean, shown before asking.
public struct RestorePreview: Sendable, Equatable {
    /// When the backup's last audited change was made (ISO 8601), if it has one.
    public let backupLastChange: String?
    /// When the workspace's last audited change was made, if there is a workspace.
    public let workspaceLastChange: String?
    /// How many audited changes of the workspace came after the backup's last one (nil when
    /// the backup is of another workspace, or there is no workspace).
    public let changesLost: Int?
    /// Whether the backup is of another workspace than the one it would replace.
    public let otherWorkspace: Bool
}

extension AppWorkspace {
    /// What restoring `source` over this workspace would take back, read without writing.
    ///
    /// - Throws: `AppError.backupMissing` or `.notABackup` when `source` is not a backup;
    ///   `StoreError` for a workspace that cannot be read.
    public func restorePreview(from source: String) throws -> RestorePreview {
        let backup: WorkspaceFileSummary
        do {
            backup = try WorkspaceFileSummary.read(source)
        } catch StoreError.notAWorkspace(let p) where p == source {
            throw AppError.notABackup(source)
        } catch StoreError.workspaceMissing(let p) where p == source {
            throw AppError.backupMissing(source)
        }
        guard exists else {
            return RestorePreview(
                backupLastChange: backup.lastChange, workspaceLastChange: nil, changesLost: nil,
                otherWorkspace: false)
        }
        let current = try WorkspaceFileSummary.read(path)
        let same = current.workspaceId == backup.workspaceId
        return RestorePreview(
            backupLastChange: backup.lastChange, workspaceLastChange: current.lastChange,
            changesLost: same ? Int(max(0, current.lastEntry - backup.lastEntry)) : nil,
            otherWorkspace: !same)
    }
}
