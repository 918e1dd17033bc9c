import CoachKit
import CoachStore
import Foundation

extension AppSession {
    /// How many times a membership write that rotates an athlete's key is made before the
    /// server's refusal stands.
    static let rotationTries = 3

    /// Runs a membership write that may rotate an athlete's key. When the server refuses the
    /// rotation because the athlete's stream moved on since this replica's last pull (the
    /// write is rolled back by then), pulls what the server holds, with every check a sync
    /// makes, and runs the write again: what the owner would do by hand.
    ///
    /// - Parameter write: the write; its argument is false on the first try and true on a
    ///   try after a pull (an athlete opened before it may have a newer key now).
    /// - Returns: what the write returned.
    /// - Throws: `SyncFailure.membershipRefused` when the stream still moved on the last
    ///   try; whatever the write or the pull throws otherwise.
    func retryingRotation<T>(_ write: (_ afterPull: Bool) throws -> T) throws -> T {
        var tries = 1
        while true {
            do {
                return try write(tries > 1)
            } catch SyncFailure.rotationBehindStream(let reason) {
                guard tries < Self.rotationTries else {
                    throw SyncFailure.membershipRefused(reason: reason)
                }
                tries += 1
                try pullStreams()
            }
        }
    }

    /// Pulls every readable stream to its end (the roster first when this replica's mark is
    /// not current), signed in as this machine's device. No change is pushed (reading the
    /// roster pushes this machine's device entries the server lacks, as a sync's does); a
    /// conflict the pull resolves is kept and listed by `sync conflicts`, not reported here.
    ///
    /// - Throws: `SyncFailure.membershipOffline` when the server cannot be reached; the
    ///   pull's refusals (a forged change is exit 74) as `sync` throws them.
    private func pullStreams() throws {
        let status = try workspace.syncStatus()
        guard let server = URL(string: status.server) else { throw SyncFailure.notSynced }
        let id = try workspace.syncWorkspaceId()
        var client = SyncClient(server: server, transport: environment.syncTransport)
        try Self.offline(server.absoluteString) {
            try withSyncSession(&client, workspace: id) { client in
                var roster = SyncRosterState(
                    mark: try workspace.rosterMark(),
                    devices: try RosterMark.digest(workspace.rosterDeviceEntries(as: principal)))
                if !roster.current { try readRoster(client, workspace: id, into: &roster) }
                var report = SyncReport()
                try pull(client, workspace: id, roster: &roster, into: &report)
            }
        }
    }
}
