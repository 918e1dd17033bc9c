import Foundation

/// One HTTP request to a sync server: method, path, JSON body and session token.
public struct SyncHTTPRequest: Equatable, Sendable {
    public let method: String
    /// The path under the server's address, e.g. `/v1/auth/challenge`.
    public let path: String
    public let body: [UInt8]?
    /// The session token, sent as `Authorization: Coach <token>`.
    public let token: String?

    /// A request.
    public init(method: String, path: String, body: [UInt8]?, token: String?) {
        self.method = method
        self.path = path
        self.body = body
        self.token = token
    }
}

/// A sync server's answer: the status and the body.
public struct SyncHTTPResponse: Equatable, Sendable {
    public let status: Int
    public let body: [UInt8]

    /// An answer.
    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}

/// How the sync client reaches a server: one request, one answer. The process uses HTTP
/// (`URLSessionSyncTransport`); tests inject a fake.
public protocol SyncTransport: Sendable {
    /// Sends `request` to the server at `server`.
    ///
    /// - Returns: the answer, whatever its status.
    /// - Throws: `SyncRemoteFailure.unreachable` when no answer came.
    func send(_ request: SyncHTTPRequest, to server: URL) throws -> SyncHTTPResponse
}
