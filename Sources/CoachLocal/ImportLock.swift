import Foundation

/// The lock a device import holds beside its workspace for as long as it writes, so that
/// another command can tell an import in progress from one that was killed (whose journal it
/// may then roll back). The operating system releases it when the process ends, however it
/// ends. Owns a descriptor, hence a class.
public final class ImportLock {
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { SecureFiles.unlock(fd) }

    /// The lock file of the workspace at `workspacePath`.
    static func path(_ workspacePath: String) -> String { workspacePath + ".import-lock" }

    /// Takes the lock of the workspace at `workspacePath`, waiting for another import to end.
    ///
    /// - Returns: nil when the lock file cannot be made (a read-only folder).
    public static func hold(workspace workspacePath: String) -> ImportLock? {
        SecureFiles.lock(path(workspacePath), wait: true).map(ImportLock.init)
    }

    /// Takes the lock only when no import holds it.
    ///
    /// - Returns: nil when an import is in progress (or the lock file cannot be made).
    public static func ifFree(workspace workspacePath: String) -> ImportLock? {
        SecureFiles.lock(path(workspacePath), wait: false).map(ImportLock.init)
    }
}
