import CoachKit
import CoachLocal
import CoachStore
import Foundation

/// Files a command writes for the user (reports, exports, plans): new, private, never replacing
/// anything.
public enum OutputFile {
    /// Refuses a path that is taken, before any work is done (writing checks again).
    ///
    /// - Throws: `StoreError.fileExists` when something is at `path`.
    public static func refuseExisting(_ path: String) throws {
        if FileManager.default.fileExists(atPath: path) { throw StoreError.fileExists(path) }
    }

    /// Writes `text` to the new file `path` with mode 0600, atomically.
    ///
    /// - Throws: `StoreError.fileExists` when something is at `path`;
    ///   `AppError.outputUnwritable` when the folder is missing or not writable.
    public static func writeNew(_ text: String, to path: String) throws {
        do {
            try SecureFiles.writeNew(Array(text.utf8), to: path)
        } catch LocalFileError.unsafePath(_, let reason, _) {
            throw AppError.outputUnwritable(path, reason: reason)
        }
    }
}
