import CoachKit
import CoachStore
import Foundation

extension AppSession {
    /// Writes the newest evidence this replica kept of a server log it refused (a rollback, a
    /// fork) to the new file `path`, as the `coach-log-evidence/1` JSON kept when it was found:
    /// atomically, mode 0600, never over an existing file.
    ///
    /// - Parameter path: where to write; nothing may be there.
    /// - Returns: the evidence's kind and the JSON written.
    /// - Throws: `SyncFailure.notSynced`; `StoreError.fileExists` (exit 73) when something is
    ///   at `path`; `SyncFailure.noLogEvidence` (exit 66) when none is kept.
    public func writeLogEvidence(to path: String) throws -> (kind: String, json: String) {
        guard try workspace.isSynced() else { throw SyncFailure.notSynced }
        try OutputFile.refuseExisting(path)
        guard let evidence = try workspace.newestLogEvidence() else {
            throw SyncFailure.noLogEvidence
        }
        try OutputFile.writeNew(evidence.json + "\n", to: path)
        return evidence
    }
}
