import CoachKit
import CoachStore
import CoachSync

extension AppSession {
    /// Asks the server to drop the bodies a pushed rekey superseded, for every athlete whose
    /// records this replica holds all re-sealed under a rotated key with nothing queued
    /// (`RedactionStore.redactionsDue`), once per athlete and epoch: remembered once the
    /// server answered.
    ///
    /// - Returns: how many changes' bodies the server dropped.
    /// - Throws: `SyncRemoteFailure` for the server's refusal or an unreachable server.
    func postRedactions(_ client: SyncClient, workspace id: String) throws -> Int {
        let due = try workspace.redactionsDue(as: principal)
        guard !due.isEmpty else { return 0 }
        let athletes = due.keys.sorted { $0.rawValue < $1.rawValue }
        var redacted = 0
        for start in stride(from: 0, to: athletes.count, by: RedactionRequest.maxStreams) {
            let part = Array(
                athletes[start..<min(athletes.count, start + RedactionRequest.maxStreams)])
            let answer = try client.call(
                "POST", SyncPath.redactions(id), RedactionRequest(streams: part),
                as: RedactionResponse.self)
            redacted += answer.streams.reduce(0) { $0 + $1.redacted.count }
            try workspace.noteRedactionsPosted(
                Dictionary(uniqueKeysWithValues: part.map { ($0, due[$0] ?? 0) }))
        }
        return redacted
    }
}
