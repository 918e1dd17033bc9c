import CoachKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP transport: one `URLSession` data task per request, waited for, each on a
/// connection of its own.
///
/// A connection is never reused (every request says `Connection: close`): on Linux, when a
/// kept-alive connection dies under a request, URLSession sends the request again on a new
/// one without its body, and the server then waits for a body that never comes until the
/// timeout. On a fresh connection a cut fails at once instead. (A no-op sync on loopback
/// measured the same with and without reuse.)
public struct URLSessionSyncTransport: SyncTransport {
    /// How long one request may take, in seconds.
    public let timeout: TimeInterval

    /// A transport whose requests time out after `timeout` seconds.
    public init(timeout: TimeInterval = 60) { self.timeout = timeout }

    public func send(_ request: SyncHTTPRequest, to server: URL) throws -> SyncHTTPResponse {
        guard let url = URL(string: request.path, relativeTo: server) else {
            throw SyncRemoteFailure.unreachable(server: server.absoluteString, detail: "bad path")
        }
        var http = URLRequest(url: url, timeoutInterval: timeout)
        http.httpMethod = request.method
        if let body = request.body {
            http.httpBody = Data(body)
            http.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token = request.token {
            http.setValue("Coach \(token)", forHTTPHeaderField: "Authorization")
        }
        let outcome = LockedValue<Result<SyncHTTPResponse, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        http.setValue("close", forHTTPHeaderField: "Connection")
        // A session of its own per request: with the shared session, URLSession on Linux now
        // and then left a request without a connection until the timeout (1 sync in 4 of the
        // multi-machine script under load); a fresh one costs a few milliseconds.
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: http) { data, response, error in
            let result: Result<SyncHTTPResponse, any Error>
            if let response = response as? HTTPURLResponse {
                result = .success(
                    SyncHTTPResponse(status: response.statusCode, body: [UInt8](data ?? Data())))
            } else {
                result = .failure(error ?? URLError(.badServerResponse))
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        task.resume()
        done.wait()
        switch outcome.withLock({ $0 }) {
        case .success(let answer): return answer
        case .failure(let error):
            throw SyncRemoteFailure.unreachable(
                server: server.absoluteString, detail: error.localizedDescription)
        case nil:
            throw SyncRemoteFailure.unreachable(server: server.absoluteString, detail: "no answer")
        }
    }
}
