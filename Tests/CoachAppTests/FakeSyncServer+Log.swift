import CoachApp
import CoachSync
import CoachTrust

extension FakeSyncServer {
    /// The log key the fake names unless a test sets another (32 bytes, as an Ed25519 key).
    static let defaultLogKey = [UInt8](repeating: 0x5A, count: 32)

    /// `GET /v1/server`: the log key and its id, or 404 without one.
    func serverKey() throws -> SyncHTTPResponse {
        guard let key = state.withLock({ $0.logKey }) else {
            return SyncHTTPResponse(
                status: 404,
                body: try SyncJSON.encode(
                    SyncProblem(status: 404, reason: .notFound, message: "no such route")))
        }
        return try ok(ServerKeyInfo(logKey: key, keyId: LogKeyCertificate.keyId(of: key)))
    }

    /// The `log_key` entries the roster holds, in order.
    var logKeyEntries: [RosterLogKey] {
        state.withLock { s in
            s.roster.compactMap { entry in
                if case .logKey(let key) = entry { return key }
                return nil
            }
        }
    }
}
